import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { useListParams } from '@/components/data-table/use-list-params';
import { LoadRetry } from '@/components/analytics/load-retry';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { UserLink } from '@/components/user-link';
import { formatBRL, formatDateTime } from '@/lib/format';
import { useExpiring } from '../api/get-expiring';
import { texts } from '../texts';

const t = texts.expiring;
const PAGE_SIZE = 10;

/** Running subscriptions ending in the next 7 days, each with its customer, and the revenue at stake. */
export function ExpiringSoon() {
  // Its page lives in the URL under its own name, beside the period and the other lists.
  const { page, setPage } = useListParams({ prefix: 'expirando.' });
  const expiring = useExpiring({ page, pageSize: PAGE_SIZE });
  const data = expiring.data;
  const price = (value: number | null) => (value === null ? t.noPrice : formatBRL(value));
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t.title}</CardTitle>
          <CardDescription>{t.description}</CardDescription>
        </div>
        {data ? (
          <Badge
            variant="outline"
            className="border-amber-500/40 bg-amber-500/10 px-2.5 py-1 text-sm text-amber-800 dark:text-amber-300"
            title={t.atStakeHint}
          >
            {t.atStake(data.revenueAtStake)}
          </Badge>
        ) : (
          !expiring.isError && <Skeleton className="h-7 w-44" />
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        {expiring.isError && !data ? (
          <LoadRetry error={expiring.error} onRetry={() => void expiring.refetch()} />
        ) : (
          <>
            <ScrollTable
              query={expiring}
              columns={4}
              loadingText={t.loading}
              emptyText={t.empty}
              head={
                <>
                  <TableHead>{t.customer}</TableHead>
                  <TableHead>{t.product}</TableHead>
                  <TableHead>{t.expiresAt}</TableHead>
                  <TableHead className="text-right">{t.renewal}</TableHead>
                </>
              }
              renderRow={(row) => (
                <TableRow key={row.subscriptionId}>
                  <TableCell>
                    <UserLink id={row.userId} username={row.username} />
                  </TableCell>
                  <TableCell>{row.productName}</TableCell>
                  <TableCell className="tabular-nums">{formatDateTime(row.expiresAt)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {price(row.renewalPrice)}
                  </TableCell>
                </TableRow>
              )}
              renderCard={(row) => (
                <RowCard
                  key={row.subscriptionId}
                  title={<UserLink id={row.userId} username={row.username} />}
                  fields={[
                    { label: t.product, value: row.productName },
                    { label: t.expiresAt, value: formatDateTime(row.expiresAt) },
                    { label: t.renewal, value: price(row.renewalPrice) },
                  ]}
                />
              )}
            />
            <ListPagination data={data} onPageChange={setPage} noun={t.noun} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
