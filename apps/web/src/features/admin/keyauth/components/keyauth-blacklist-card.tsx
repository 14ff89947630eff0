import {
  KEYAUTH_LIMITS,
  hwidBlacklistBodySchema,
  type HwidBlacklistEntry,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-fields';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { UserLink } from '@/components/user-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDateTime } from '@/lib/format';
import { useBlockHwid } from '../api/block-hwid';
import { useHwidBlacklist } from '../api/get-hwid-blacklist';
import { useUnblockHwid } from '../api/unblock-hwid';
import { keyAuthTexts } from '../texts';

const text = keyAuthTexts.blacklist;
const PAGE_SIZE = 20;

/** "Bloquear HWID": the machine's HWID and why. */
function BlockHwidDialog({ productId, onClose }: { productId: string; onClose: () => void }) {
  const block = useBlockHwid(productId);
  const form = useForm({
    resolver: zodResolver(hwidBlacklistBodySchema),
    defaultValues: { hwid: '', reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) => {
    block.mutate(
      { productId, body },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });
  const f = text.form;
  return (
    <FormDialog
      onClose={onClose}
      title={f.title}
      description={f.description}
      onSubmit={onSubmit}
      pending={block.isPending}
      cancelLabel={f.cancel}
      submitLabel={f.submit}
      className="sm:max-w-lg"
    >
      <InputField
        id="blacklist-hwid"
        label={f.hwid}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        placeholder={f.hwidPlaceholder}
        maxLength={KEYAUTH_LIMITS.hwidMax}
        error={errors.hwid?.message}
        {...form.register('hwid')}
      />
      <InputField
        id="blacklist-reason"
        label={f.reason}
        autoComplete="off"
        placeholder={f.reasonPlaceholder}
        maxLength={KEYAUTH_LIMITS.reasonMax}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

function UnblockDialog({
  productId,
  entry,
  onClose,
}: {
  productId: string;
  entry: HwidBlacklistEntry;
  /** `unblocked`: the HWID left the list. */
  onClose: (unblocked: boolean) => void;
}) {
  const unblock = useUnblockHwid(productId);
  return (
    <ConfirmActionDialog
      open
      onOpenChange={(open) => !open && onClose(false)}
      title={text.removeDialog.title}
      description={text.removeDialog.description(entry.hwid)}
      confirmLabel={text.removeDialog.confirm}
      cancelLabel={text.removeDialog.cancel}
      destructive
      pending={unblock.isPending}
      onConfirm={() =>
        unblock.mutate(
          { productId, hwid: entry.hwid },
          {
            onSuccess: (response) => {
              toast.success(response.message);
              onClose(true);
            },
          },
        )
      }
    />
  );
}

function BlacklistRow({ entry, onRemove }: { entry: HwidBlacklistEntry; onRemove: () => void }) {
  const reason = entry.reason || (entry.userId ? text.byBan : text.noReason);
  return (
    <li className="flex min-w-0 items-start gap-2 py-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="font-mono text-sm font-medium break-all">{entry.hwid}</span>
        <span className="text-muted-foreground text-xs break-words">{reason}</span>
        {entry.username ? (
          <span className="text-muted-foreground text-xs">
            {text.account}{' '}
            <UserLink id={entry.userId} username={entry.username} className="text-foreground" />
          </span>
        ) : null}
        <span className="text-muted-foreground text-xs">
          {text.blockedAt(formatDateTime(entry.createdAt))}
        </span>
      </div>
      <Button variant="outline" size="sm" aria-label={text.removeOf(entry.hwid)} onClick={onRemove}>
        <ShieldOff aria-hidden />
        <span className="hidden sm:inline">{text.remove}</span>
      </Button>
    </li>
  );
}

/** "HWIDs bloqueados": machines the product's loaders refuse, newest first, paged. */
export function KeyAuthBlacklistCard({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const blacklist = useHwidBlacklist(productId, { page, pageSize: PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<HwidBlacklistEntry | null>(null);
  const data = blacklist.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  let body;
  if (blacklist.isError && !data) body = <LoadErrorAlert error={blacklist.error} />;
  else if (!data) body = <p className="text-muted-foreground text-sm">{text.loading}</p>;
  else if (data.items.length === 0) {
    body = <p className="text-muted-foreground text-sm">{text.empty}</p>;
  } else {
    body = (
      <ul className="divide-y" aria-label={text.title}>
        {data.items.map((entry) => (
          <BlacklistRow key={entry.hwid} entry={entry} onRemove={() => setRemoving(entry)} />
        ))}
      </ul>
    );
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{text.title}</h2>
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        <Button size="sm" className="w-fit" onClick={() => setAdding(true)}>
          <Ban aria-hidden />
          {text.add}
        </Button>
        {body}
        {data && data.total > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-xs">
              {formatCount(data.total)} {text.noun(data.total)}
            </p>
            {pages > 1 ? (
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((current) => current - 1)}
                >
                  {text.previous}
                </Button>
                <span className="text-muted-foreground text-xs">{text.pageOf(page, pages)}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage((current) => current + 1)}
                >
                  {text.next}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      {adding ? (
        <BlockHwidDialog
          productId={productId}
          onClose={() => {
            setAdding(false);
            setPage(1);
          }}
        />
      ) : null}
      {removing ? (
        <UnblockDialog
          productId={productId}
          entry={removing}
          onClose={(unblocked) => {
            // The last HWID of a page left: that page is empty now, show the one before.
            if (unblocked && data?.items.length === 1 && page > 1) setPage(page - 1);
            setRemoving(null);
          }}
        />
      ) : null}
    </Card>
  );
}
