import {
  KEY_STATUSES,
  plural,
  pluralWord,
  type KeyStatus,
  type KeysBulkAction,
  type KeysQuery,
} from '@chaveiro/contract';
import { useMemo, useState } from 'react';
import { BulkActions, type BulkActionSpec } from '@/components/data-table/bulk-actions';
import { SelectPageHead, SelectRowCell } from '@/components/data-table/bulk-bar';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { PhoneListControls } from '@/components/data-table/phone-list-controls';
import { SearchInput } from '@/components/data-table/search-input';
import { SortableHead } from '@/components/data-table/sortable-head';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { useListParams } from '@/components/data-table/use-list-params';
import { useRowSelection } from '@/components/data-table/use-row-selection';
import { KeyStatusBadge } from '@/components/status/key-status-badge';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsPhone } from '@/hooks/use-media-query';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useBulkKeys } from '../api/bulk-keys';
import { useExportKeys } from '../api/export-keys';
import { useKeys, type KeysFilters } from '../api/get-keys';
import { KeyCards } from './key-cards';
import { KeyClient } from './key-client';
import { KeyDialogs } from './key-dialogs';
import { KeyFilterControls } from './key-filter-controls';
import { formatDays, KEY_STATUS_LABELS } from './key-labels';
import { KeyRowActions } from './key-row-actions';
import { KeysDialogsContext, type OpenKeyDialog } from './keys-dialogs-context';

const PAGE_SIZE = 20;
/** The dashboard's compact table shows this many of the newest keys. */
const COMPACT_SIZE = 50;
const COLUMNS = 7;
const PHONE_SORTS = [
  { value: 'created_at:desc', label: 'Mais recentes' },
  { value: 'created_at:asc', label: 'Mais antigas' },
  { value: 'product:asc', label: 'Produto (A–Z)' },
  { value: 'product:desc', label: 'Produto (Z–A)' },
  { value: 'status:asc', label: 'Status (A–Z)' },
  { value: 'status:desc', label: 'Status (Z–A)' },
];
const keysNoun = (count: number) => plural(count, 'chave', 'chaves');
const BULK: Record<KeysBulkAction, BulkActionSpec> = {
  ban: {
    verb: 'Banir',
    destructive: true,
    description:
      'Chaves banidas não podem ser resgatadas. Chaves já usadas ou expiradas são ignoradas.',
  },
  delete: {
    verb: 'Excluir',
    destructive: true,
    description: 'As chaves são apagadas para sempre.',
  },
};

/**
 * The key table (spec §2): key, product, validity, status, client and the actions menu, with a
 * search by key or client. `compact` is the dashboard's version: the newest keys in a 400 px
 * scroll area, without filters or pages; the full version adds status and product filters,
 * pagination and the CSV export of what the filters select.
 */
export function KeysTable({
  compact = false,
  refetchInterval,
}: {
  compact?: boolean;
  /** Refreshes the shown page this often (the dashboard's live table). */
  refetchInterval?: number;
}) {
  const [open, setOpen] = useState<OpenKeyDialog | null>(null);
  const dialogs = useMemo(() => ({ open, setOpen }), [open]);
  // Search, filters, sort and page live in the URL (the dashboard's copy under `keys.`).
  const list = useListParams({
    filters: { status: '', productId: '' },
    sort: 'created_at:desc',
    prefix: compact ? 'keys.' : '',
  });
  const { q, page, sort } = list;
  const status = (KEY_STATUSES as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as KeyStatus)
    : undefined;
  const productId = list.filters.productId || undefined;
  const view = {
    q: q || undefined,
    status,
    productId,
    sort: sort as KeysQuery['sort'],
  };

  const filters: KeysFilters = compact
    ? { q, page: 1, pageSize: COMPACT_SIZE }
    : { ...view, page, pageSize: PAGE_SIZE };
  const keys = useKeys(filters, refetchInterval);
  const exportCsv = useExportKeys();
  const isPhone = useIsPhone();

  const items = keys.data?.items;
  const rows = items ?? [];
  const pageIds = useMemo(() => (items ?? []).map((row) => row.id), [items]);
  const selectionState = useRowSelection(JSON.stringify([view, page]), pageIds);
  const selection = compact ? undefined : selectionState;
  const total = keys.data?.total ?? 0;
  const bulk = useBulkKeys();

  const head = (label: string, field: 'created_at' | 'status' | 'product', className?: string) =>
    compact ? (
      <TableHead className={className}>{label}</TableHead>
    ) : (
      <SortableHead
        label={label}
        field={field}
        sort={sort}
        onSort={list.setSort}
        firstDir={field === 'created_at' ? 'desc' : 'asc'}
        className={className}
      />
    );

  return (
    <KeysDialogsContext value={dialogs}>
      <div className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <SearchInput
            value={list.search}
            onValueChange={list.setSearch}
            label="Buscar por chave ou cliente"
          />
          {compact ? null : (
            // Only the full table has the filters (and reads the products for one).
            <KeyFilterControls
              status={status}
              productId={productId}
              onFilter={list.setFilter}
              exportPending={exportCsv.isPending}
              hasSelection={Boolean(selectionState.selection)}
              onExport={() => exportCsv.mutate(view)}
            />
          )}
        </div>

        {selection ? (
          <BulkActions
            selection={selection}
            pageCount={pageIds.length}
            total={total}
            noun={keysNoun}
            feminine
            actions={BULK}
            bulk={bulk}
            filter={{ q: view.q, status, productId }}
            exportCsv={exportCsv}
            exportIds={(ids) => ({ ids })}
            exportView={view}
          />
        ) : null}

        {isPhone && !compact ? (
          <PhoneListControls
            sort={sort}
            onSort={list.setSort}
            sorts={PHONE_SORTS}
            selection={selection}
          />
        ) : null}
        {isPhone ? (
          <KeyCards
            items={items}
            isLoading={keys.isPending && !items}
            isStale={keys.isPlaceholderData}
            isError={keys.isError}
            selection={selection}
          />
        ) : (
          <div
            className={cn(
              'rounded-md border',
              compact &&
                'max-h-[400px] overflow-y-auto [&_[data-slot=table-container]]:overflow-visible',
            )}
          >
            <Table>
              <TableHeader className={cn(compact && 'bg-background sticky top-0 z-10')}>
                <TableRow>
                  {selection ? <SelectPageHead selection={selection} /> : null}
                  <TableHead>Chave</TableHead>
                  {head('Produto', 'product')}
                  <TableHead>Validade</TableHead>
                  {head('Status', 'status')}
                  <TableHead>Cliente</TableHead>
                  {compact ? null : head('Criada em', 'created_at', 'hidden lg:table-cell')}
                  <TableHead className="w-12">
                    <span className="sr-only">Ações</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <StateTableBody
                columns={compact ? COLUMNS - 1 : COLUMNS + 1}
                rows={rows}
                isLoading={keys.isPending}
                isError={keys.isError}
                loadingText="Carregando..."
                errorText="Erro ao carregar chaves."
                emptyText="Nenhuma chave encontrada."
                renderRow={(row) => (
                  <TableRow
                    key={row.id}
                    data-state={selection?.isSelected(row.id) ? 'selected' : undefined}
                  >
                    {selection ? (
                      <SelectRowCell selection={selection} id={row.id} name={row.key} />
                    ) : null}
                    <TableCell className="font-mono text-xs sm:text-sm">{row.key}</TableCell>
                    <TableCell>{row.product}</TableCell>
                    <TableCell>{formatDays(row.validity)}</TableCell>
                    <TableCell>
                      <KeyStatusBadge status={row.status} labels={KEY_STATUS_LABELS} />
                    </TableCell>
                    <TableCell className={cn(!row.client && 'text-muted-foreground')}>
                      <KeyClient row={row} />
                    </TableCell>
                    {compact ? null : (
                      <TableCell className="text-muted-foreground hidden tabular-nums lg:table-cell">
                        {formatDate(row.createdAt)}
                      </TableCell>
                    )}
                    <TableCell className="text-right">
                      <KeyRowActions row={row} />
                    </TableCell>
                  </TableRow>
                )}
              />
            </Table>
          </div>
        )}

        {compact ? null : (
          <ListPagination
            data={keys.data}
            onPageChange={list.setPage}
            noun={(n) => pluralWord(n, 'chave', 'chaves')}
          />
        )}
      </div>
      <KeyDialogs />
    </KeysDialogsContext>
  );
}
