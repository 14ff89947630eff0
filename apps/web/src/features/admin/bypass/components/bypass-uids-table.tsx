import type { BypassUidItem } from '@chaveiro/contract';
import { CardList } from '@/components/data-table/scroll-table';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsPhone } from '@/hooks/use-media-query';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/utils';
import type { BypassUidsSnapshot } from '../api/get-bypass-uids';
import { bypassTexts } from '../texts';
import { BypassUidRow } from './bypass-uid-row';
import { reportedRemainingMs } from './bypass-time';

const text = bypassTexts.list;
const COLUMNS = 6;

interface BypassUidsTableProps {
  snapshot: BypassUidsSnapshot | undefined;
  isLoading: boolean;
  /** Fades the rows while a new search or page loads (the previous rows stay visible). */
  isStale: boolean;
  searching: boolean;
  onEdit: (row: BypassUidItem) => void;
  onDelete: (row: BypassUidItem) => void;
}

/**
 * The UID list, at most 24rem tall (spec §9) with its own scroll and a sticky header. One clock
 * ticks every second for the whole list, and only while some UID is still running.
 */
export function BypassUidsTable({
  snapshot,
  isLoading,
  isStale,
  searching,
  onEdit,
  onDelete,
}: BypassUidsTableProps) {
  const now = useNow(lastRunningExpiry(snapshot));
  const rows = snapshot?.items ?? [];
  const isPhone = useIsPhone();
  const emptyText = searching ? text.noMatch : text.empty;
  const renderRow = (row: BypassUidItem, layout: 'row' | 'card') => (
    <BypassUidRow
      key={row.uid}
      row={row}
      receivedAt={snapshot?.receivedAt ?? 0}
      now={now}
      onEdit={onEdit}
      onDelete={onDelete}
      layout={layout}
    />
  );

  // Below 640 px: one card per UID, with its status and actions, instead of a sideways scroll.
  if (isPhone) {
    return (
      <CardList
        rows={rows}
        isLoading={isLoading && !snapshot}
        isStale={isStale}
        loadingText={text.loading}
        emptyText={emptyText}
        renderCard={(row) => renderRow(row, 'card')}
      />
    );
  }

  return (
    <div className="max-h-96 overflow-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
      <Table className={cn('transition-opacity', isStale && 'opacity-60')}>
        <TableHeader className="bg-background sticky top-0 z-10">
          <TableRow>
            <TableHead>{text.columns.uid}</TableHead>
            <TableHead>{text.columns.nickname}</TableHead>
            <TableHead>{text.columns.region}</TableHead>
            <TableHead>{text.columns.remaining}</TableHead>
            <TableHead>{text.columns.expiry}</TableHead>
            <TableHead className="text-right">{text.columns.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <StateTableBody
          columns={COLUMNS}
          rows={rows}
          isLoading={isLoading && !snapshot}
          loadingText={text.loading}
          emptyText={emptyText}
          renderRow={(row) => renderRow(row, 'row')}
        />
      </Table>
    </div>
  );
}

/** When the last running UID of the page runs out; null when none is running. */
function lastRunningExpiry(snapshot: BypassUidsSnapshot | undefined): number | null {
  if (!snapshot) return null;
  const running = snapshot.items.filter((row) => !row.paused && row.remaining_hours > 0);
  if (running.length === 0) return null;
  return Math.max(...running.map((row) => snapshot.receivedAt + reportedRemainingMs(row)));
}
