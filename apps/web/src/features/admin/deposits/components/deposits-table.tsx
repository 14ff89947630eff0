import { labels } from '@chaveiro/contract';
import type { AdminDeposit } from '@chaveiro/contract';
import { Ban, Check, TriangleAlert, Undo2, X } from 'lucide-react';
import { RowCard, ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { UserLink } from '@/components/user-link';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { formatBRL } from '@/lib/format';
import { depositsTexts } from '../texts';
import { formatDateTime } from '@/lib/format';
import { DepositStatusBadge } from '@/components/status/deposit-status-badge';
import { useDepositsDialogs } from './deposits-dialogs-context';

const text = depositsTexts.list;
const actions = depositsTexts.actions;
const COLUMNS = 6;

function Decision({ row }: { row: AdminDeposit }) {
  if (row.status === 'pending' || !row.decided_at) return null;
  const when = formatDateTime(row.decided_at);
  return (
    <div className="text-muted-foreground mt-1 grid gap-0.5 text-xs">
      <span>{row.decided_by ? text.decidedBy(row.decided_by, when) : text.decidedAt(when)}</span>
      {row.reject_reason ? (
        <span className="max-w-[16rem] break-words whitespace-normal">
          {text.reason(row.reject_reason)}
        </span>
      ) : null}
    </div>
  );
}

/** What the gateway reports: payment id, status, payer, timestamps; and the admin's flags. */
function GatewayDetails({ row }: { row: AdminDeposit }) {
  const payer = row.payer ? [row.payer.name, row.payer.email].filter(Boolean).join(' · ') : '';
  return (
    <>
      {row.flag ? (
        <p className="text-destructive mt-1.5 flex items-start gap-1 text-xs font-medium whitespace-normal">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>
            {text.flags[row.flag]}
            {row.uncovered_amount ? ` — ${text.uncovered(formatBRL(row.uncovered_amount))}` : ''}
          </span>
        </p>
      ) : null}
      {row.gateway_payment_id ? (
        <div className="text-muted-foreground mt-1 grid gap-0.5 text-xs whitespace-normal">
          <span className="font-mono">{text.gateway(row.gateway_payment_id)}</span>
          {row.gateway_status ? <span>{text.gatewayStatus(row.gateway_status)}</span> : null}
          {payer ? <span className="break-all">{text.payer(payer)}</span> : null}
          {row.paid_at ? <span>{text.paidAt(formatDateTime(row.paid_at))}</span> : null}
          {row.refunded_at ? <span>{text.refundedAt(formatDateTime(row.refunded_at))}</span> : null}
          {row.status === 'pending' && row.expires_at ? (
            <span>{text.expiresAt(formatDateTime(row.expires_at))}</span>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function RowActions({ row }: { row: AdminDeposit }) {
  const { setOpen } = useDepositsDialogs();
  if (row.gateway === 'mercadopago') {
    const refundable =
      row.status === 'approved' || (row.status === 'pending' && row.flag === 'amount_mismatch');
    if (refundable) {
      return (
        <Button
          size="sm"
          variant="outline"
          aria-label={actions.refundOf(row.reference)}
          onClick={() => setOpen({ kind: 'refund', row })}
        >
          <Undo2 aria-hidden />
          <span className="hidden sm:inline">{actions.refund}</span>
        </Button>
      );
    }
    if (row.status !== 'pending') return null;
    return (
      <Button
        size="sm"
        variant="outline"
        aria-label={actions.cancelOf(row.reference)}
        onClick={() => setOpen({ kind: 'cancel', row })}
      >
        <Ban aria-hidden />
        <span className="hidden sm:inline">{actions.cancel}</span>
      </Button>
    );
  }
  if (row.status !== 'pending') return null;
  return (
    <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
      <Button
        size="sm"
        aria-label={actions.approveOf(row.reference)}
        onClick={() => setOpen({ kind: 'approve', row })}
      >
        <Check aria-hidden />
        {actions.approve}
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label={actions.rejectOf(row.reference)}
        onClick={() => setOpen({ kind: 'reject', row })}
      >
        <X aria-hidden />
        {actions.reject}
      </Button>
    </div>
  );
}

interface DepositsTableProps {
  query: ListQuery<AdminDeposit>;
  /** The text for no rows: nothing in this status, or nothing matching the search. */
  emptyText: string;
}

/** Usuário, Valor, Referência, Criado em, Status, Ações; scrolls at 400 px (spec §9). */
export function DepositsTable({ query, emptyText }: DepositsTableProps) {
  return (
    <ScrollTable
      query={query}
      columns={COLUMNS}
      loadingText={text.loading}
      emptyText={emptyText}
      head={
        <>
          <TableHead>{text.columns.user}</TableHead>
          <TableHead className="text-right">{text.columns.amount}</TableHead>
          <TableHead className="hidden md:table-cell">{text.columns.reference}</TableHead>
          <TableHead className="hidden lg:table-cell">{text.columns.createdAt}</TableHead>
          <TableHead className="hidden sm:table-cell">{text.columns.status}</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">{text.columns.actions}</span>
          </TableHead>
        </>
      }
      renderCard={(row) => (
        <RowCard
          key={row.id}
          title={
            <>
              <UserLink id={row.user.id} username={row.user.username} className="truncate" />
              <DepositStatusBadge status={row.status} />
            </>
          }
          fields={[
            { label: text.columns.amount, value: formatBRL(row.amount) },
            {
              label: text.columns.reference,
              value: <span className="font-mono">{row.reference}</span>,
            },
            { label: text.columns.createdAt, value: formatDateTime(row.created_at) },
          ]}
          actions={
            <div className="grid w-full gap-2">
              <Decision row={row} />
              <GatewayDetails row={row} />
              <RowActions row={row} />
            </div>
          }
        />
      )}
      renderRow={(row) => (
        <TableRow key={row.id}>
          <TableCell className="max-w-[11rem] align-top sm:max-w-[16rem]">
            <UserLink id={row.user.id} username={row.user.username} className="block truncate" />
            <p className="text-muted-foreground truncate text-xs">
              {row.user.email ?? labels.noEmail}
            </p>
            {/* Narrow screens fold the reference, date and status into this cell. */}
            <p className="text-muted-foreground mt-1 font-mono text-xs md:hidden">
              {row.reference}
            </p>
            <p className="text-muted-foreground text-xs lg:hidden">
              {formatDateTime(row.created_at)}
            </p>
            <div className="mt-1.5 sm:hidden">
              <DepositStatusBadge status={row.status} />
              <Decision row={row} />
              <GatewayDetails row={row} />
            </div>
          </TableCell>
          <TableCell className="text-right align-top font-medium tabular-nums">
            {formatBRL(row.amount)}
          </TableCell>
          <TableCell className="hidden align-top font-mono text-sm md:table-cell">
            {row.reference}
          </TableCell>
          <TableCell className="text-muted-foreground hidden align-top text-sm tabular-nums lg:table-cell">
            {formatDateTime(row.created_at)}
          </TableCell>
          <TableCell className="hidden max-w-[18rem] align-top sm:table-cell">
            <DepositStatusBadge status={row.status} />
            <Decision row={row} />
            <GatewayDetails row={row} />
          </TableCell>
          <TableCell className="text-right align-top">
            <RowActions row={row} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}
