import { protectionMessages as t } from '@chaveiro/contract';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { SearchInput } from '@/components/data-table/search-input';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { DeliveryProtectionBadge, HwidText } from '@/components/protection/protection-badges';
import { useDeliveries } from '@/components/protection/use-deliveries';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { UserLink } from '@/components/user-link';
import { formatDateTime } from '@/lib/format';

const PAGE_SIZE = 10;
const columns = t.deliveryColumns;

/** A product's deliveries, newest first: who, which machine, from where, when, how. */
export function ProductDeliveriesTable({ productId }: { productId: string }) {
  // Local paging: the dialog leaves the products screen's URL alone.
  const paged = usePagedSearch();
  const deliveries = useDeliveries({
    productId,
    q: paged.q || undefined,
    page: paged.page,
    pageSize: PAGE_SIZE,
  });
  const downloaded = (at: string | null) => (at ? formatDateTime(at) : t.deliveryNotDownloaded);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <SearchInput
        value={paged.search}
        onValueChange={paged.setSearch}
        label={t.deliveriesSearch}
        className="sm:max-w-sm"
      />
      {deliveries.isError && !deliveries.data ? (
        <LoadErrorAlert error={deliveries.error} />
      ) : (
        <>
          <ScrollTable
            query={deliveries}
            columns={4}
            loadingText={t.deliveriesLoading}
            emptyText={paged.q ? t.deliveriesNoMatch : t.deliveriesEmpty}
            head={
              <>
                <TableHead>{columns.customer}</TableHead>
                <TableHead>
                  {columns.machine} · {columns.ip}
                </TableHead>
                <TableHead>
                  {columns.deliveredAt} · {columns.downloadedAt}
                </TableHead>
                <TableHead>{columns.protection}</TableHead>
              </>
            }
            renderRow={(row) => (
              <TableRow key={row.id}>
                <TableCell className="max-w-36 align-top">
                  <UserLink id={row.user?.id} username={row.username} className="block truncate" />
                </TableCell>
                <TableCell className="max-w-52 align-top">
                  <HwidText hwid={row.hwid} />
                  <span className="text-muted-foreground font-mono text-xs">{row.ip}</span>
                </TableCell>
                <TableCell className="align-top text-sm whitespace-nowrap tabular-nums">
                  {formatDateTime(row.createdAt)}
                  <span className="text-muted-foreground block text-xs">
                    {downloaded(row.downloadedAt)}
                  </span>
                </TableCell>
                <TableCell className="align-top">
                  <DeliveryProtectionBadge delivery={row} />
                  <span className="text-muted-foreground mt-1 block text-xs">
                    {t.markKinds[row.markKind]}
                  </span>
                </TableCell>
              </TableRow>
            )}
            renderCard={(row) => (
              <RowCard
                key={row.id}
                title={
                  <>
                    <UserLink id={row.user?.id} username={row.username} className="truncate" />
                    <DeliveryProtectionBadge delivery={row} />
                  </>
                }
                fields={[
                  { label: columns.machine, value: <HwidText hwid={row.hwid} wrap /> },
                  { label: columns.ip, value: <span className="font-mono text-xs">{row.ip}</span> },
                  { label: columns.deliveredAt, value: formatDateTime(row.createdAt) },
                  { label: columns.downloadedAt, value: downloaded(row.downloadedAt) },
                  { label: t.leakMarkKind, value: t.markKinds[row.markKind] },
                ]}
              />
            )}
          />
          <ListPagination
            data={deliveries.data}
            onPageChange={paged.setPage}
            noun={t.deliveriesNoun}
          />
        </>
      )}
    </div>
  );
}
