import { messages, type BypassUidItem } from '@chaveiro/contract';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RowCard } from '@/components/data-table/scroll-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useToggleBypassUidPause } from '../api/toggle-bypass-uid-pause';
import { bypassTexts } from '../texts';
import { BypassRegionBadge } from './bypass-region-badge';
import { formatDateTime } from '@/lib/format';
import { formatRemainingHours, remainingMsAt } from './bypass-time';

const text = bypassTexts.list;

interface BypassUidRowProps {
  row: BypassUidItem;
  /** When the server's answer arrived, and the ticking clock of the list. */
  receivedAt: number;
  now: number;
  onEdit: (row: BypassUidItem) => void;
  onDelete: (row: BypassUidItem) => void;
  /** A table row, or a card of the phone list (below 640 px). */
  layout?: 'row' | 'card';
}

/** UID, nickname, region, hours left (live), expiry and the edit / pause / delete actions. */
export function BypassUidRow({
  row,
  receivedAt,
  now,
  onEdit,
  onDelete,
  layout = 'row',
}: BypassUidRowProps) {
  const togglePause = useToggleBypassUidPause();
  const remainingMs = remainingMsAt(row, receivedAt, now);
  const expired = !row.paused && remainingMs === 0;
  // A paused UID would expire this long after "now" if resumed now.
  const expiresAt = Math.max(now, receivedAt) + remainingMs;

  const toggle = () => {
    togglePause.mutate(row.uid, {
      onSuccess: () => toast.success(messages.success.pauseToggled),
    });
  };

  const remaining = (
    <div className="flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{formatRemainingHours(remainingMs)}</span>
      {row.paused ? <Badge variant="secondary">{text.paused}</Badge> : null}
      {expired ? (
        <Badge variant="outline" className="text-muted-foreground">
          {text.expired}
        </Badge>
      ) : null}
    </div>
  );
  const expiry = expired ? '—' : formatDateTime(expiresAt);
  const actions = (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={text.edit(row.uid)}
        title={text.edit(row.uid)}
        onClick={() => onEdit(row)}
      >
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={row.paused ? text.resume(row.uid) : text.pause(row.uid)}
        title={
          expired
            ? text.expiredCannotPause
            : row.paused
              ? text.resume(row.uid)
              : text.pause(row.uid)
        }
        disabled={togglePause.isPending || expired}
        onClick={toggle}
      >
        {row.paused ? <Play /> : <Pause />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={text.remove(row.uid)}
        title={text.remove(row.uid)}
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(row)}
      >
        <Trash2 />
      </Button>
    </>
  );

  if (layout === 'card') {
    return (
      <RowCard
        className={cn(expired && 'text-muted-foreground')}
        title={
          <>
            <span className="min-w-0 font-mono font-medium break-all">{row.uid}</span>
            <BypassRegionBadge region={row.region} />
          </>
        }
        fields={[
          { label: text.columns.nickname, value: row.nickname ?? '—' },
          { label: text.columns.remaining, value: remaining },
          { label: text.columns.expiry, value: <span className="tabular-nums">{expiry}</span> },
        ]}
        actions={<div className="-ml-2 flex gap-1">{actions}</div>}
      />
    );
  }

  return (
    <TableRow className={cn(expired && 'text-muted-foreground')}>
      <TableCell className="font-mono">{row.uid}</TableCell>
      <TableCell className={cn(!row.nickname && 'text-muted-foreground')}>
        {row.nickname ?? '—'}
      </TableCell>
      <TableCell>
        <BypassRegionBadge region={row.region} />
      </TableCell>
      <TableCell>{remaining}</TableCell>
      <TableCell className="tabular-nums">{expiry}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">{actions}</div>
      </TableCell>
    </TableRow>
  );
}
