import { KEY_STATUSES, type KeyStatus, pluralWord } from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { SearchInput } from '@/components/data-table/search-input';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { PendingButton } from '@/components/form/pending-button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useExportKeys } from '../api/export-keys';
import { useKeys } from '../api/get-keys';
import { useProducts } from '@/hooks/use-products';
import type { KeysFilters } from '../api/get-keys';
import { KeyDialogs } from './key-dialogs';
import { formatDays, KEY_STATUS_LABELS } from './key-labels';
import { KeyRowActions } from './key-row-actions';
import { KeyStatusBadge } from '@/components/status/key-status-badge';
import { KeysDialogsContext, type OpenKeyDialog } from './keys-dialogs-context';

const PAGE_SIZE = 20;
/** The dashboard's compact table shows this many of the newest keys. */
const COMPACT_SIZE = 50;
const COLUMNS = 6;

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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<KeyStatus | ''>('');
  const [productId, setProductId] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());

  const filters: KeysFilters = compact
    ? { q, page: 1, pageSize: COMPACT_SIZE }
    : {
        q,
        status: status || undefined,
        productId: productId || undefined,
        page,
        pageSize: PAGE_SIZE,
      };
  const keys = useKeys(filters, refetchInterval);
  // Only the full table has the product filter.
  const products = useProducts({ enabled: !compact });
  const exportCsv = useExportKeys();

  const changeFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const rows = keys.data?.items ?? [];
  return (
    <KeysDialogsContext value={dialogs}>
      <div className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <SearchInput
            value={search}
            onValueChange={changeFilter(setSearch)}
            label="Buscar por chave ou cliente"
          />
          {compact ? null : (
            <>
              <NativeSelect
                aria-label="Filtrar por status"
                value={status}
                onChange={(event) => changeFilter(setStatus)(event.target.value as KeyStatus | '')}
              >
                <NativeSelectOption value="">Todos os status</NativeSelectOption>
                {KEY_STATUSES.map((value) => (
                  <NativeSelectOption key={value} value={value}>
                    {KEY_STATUS_LABELS[value]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label="Filtrar por produto"
                value={productId}
                onChange={(event) => changeFilter(setProductId)(event.target.value)}
                className="max-w-56"
              >
                <NativeSelectOption value="">Todos os produtos</NativeSelectOption>
                {(products.data ?? []).map((product) => (
                  <NativeSelectOption key={product.id} value={product.id}>
                    {product.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              <PendingButton
                variant="outline"
                className="sm:ml-auto"
                pending={exportCsv.isPending}
                onClick={() =>
                  exportCsv.mutate({
                    q: filters.q || undefined,
                    status: filters.status,
                    productId: filters.productId,
                  })
                }
              >
                {exportCsv.isPending ? null : <Download aria-hidden />}
                Exportar CSV
              </PendingButton>
            </>
          )}
        </div>

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
                <TableHead>Chave</TableHead>
                <TableHead>Produto</TableHead>
                <TableHead>Validade</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Cliente</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">Ações</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <StateTableBody
              columns={COLUMNS}
              rows={rows}
              isLoading={keys.isPending}
              isError={keys.isError}
              loadingText="Carregando..."
              errorText="Erro ao carregar chaves."
              emptyText="Nenhuma chave encontrada."
              renderRow={(row) => (
                <TableRow key={row.id}>
                  <TableCell className="font-mono text-xs sm:text-sm">{row.key}</TableCell>
                  <TableCell>{row.product}</TableCell>
                  <TableCell>{formatDays(row.validity)}</TableCell>
                  <TableCell>
                    <KeyStatusBadge status={row.status} labels={KEY_STATUS_LABELS} />
                  </TableCell>
                  <TableCell className={cn(!row.client && 'text-muted-foreground')}>
                    {row.client ?? '—'}
                  </TableCell>
                  <TableCell className="text-right">
                    <KeyRowActions row={row} />
                  </TableCell>
                </TableRow>
              )}
            />
          </Table>
        </div>

        {compact ? null : (
          <ListPagination
            data={keys.data}
            onPageChange={setPage}
            noun={(total) => pluralWord(total, 'chave', 'chaves')}
          />
        )}
      </div>
      <KeyDialogs />
    </KeysDialogsContext>
  );
}
