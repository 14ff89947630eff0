import type { KeyListItem } from '@chaveiro/contract';
import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useKey } from '../api/get-key';
import { formatDays, KEY_STATUS_LABELS } from './key-labels';
import { KeyStatusBadge } from '@/components/status/key-status-badge';
import { formatDateTime } from '@/lib/format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] items-start gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** View Info: the key's details from `GET /api/keys/{id}`. */
export function KeyInfoDialog({ row, onClose }: { row: KeyListItem; onClose: () => void }) {
  const info = useKey(row.id);
  const data = info.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Informações da chave</DialogTitle>
          <DialogDescription className="font-mono">{row.key}</DialogDescription>
        </DialogHeader>
        {info.isPending ? (
          <div className="grid gap-2" aria-label="Carregando...">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="h-5 w-3/5" />
          </div>
        ) : info.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(info.error)}
          </p>
        ) : data ? (
          <dl className="divide-y">
            <Item label="Produto">{data.product}</Item>
            <Item label="Validade">{formatDays(data.validity)}</Item>
            <Item label="Status">
              <KeyStatusBadge status={data.status} labels={KEY_STATUS_LABELS} />
            </Item>
            <Item label="Criada em">{formatDateTime(data.createdAt)}</Item>
            <Item label="Criada por">{data.createdBy ?? '—'}</Item>
            <Item label="Resgatar até">{data.redeemBy ? formatDateTime(data.redeemBy) : '—'}</Item>
            <Item label="Resgatada por">{data.redeemedBy ?? '—'}</Item>
            <Item label="Resgatada em">
              {data.redeemedAt ? formatDateTime(data.redeemedAt) : '—'}
            </Item>
            {data.subscription ? (
              <Item label="Assinatura">
                {data.subscription.status === 'active' ? 'Ativa' : 'Pausada'} · expira em{' '}
                {formatDateTime(data.subscription.expiresAt)}
              </Item>
            ) : null}
          </dl>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
