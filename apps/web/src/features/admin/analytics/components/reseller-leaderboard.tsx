import type { ResellerRank } from '@chaveiro/contract';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { keyFigureFields } from '@/components/analytics/key-figure-fields';
import { KeyFigureCells, KeyFigureHeads } from '@/components/analytics/key-figures';
import { LoadRetry } from '@/components/analytics/load-retry';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { UserLink } from '@/components/user-link';
import { texts } from '../texts';
import { usePeriodAnalytics } from './use-period-analytics';

const t = texts.leaderboard;

function Reseller({ row }: { row: ResellerRank }) {
  return (
    <UserLink id={row.username ? row.resellerId : null} username={row.username ?? t.deleted} />
  );
}

/** The period's top resellers by keys sold, with what was redeemed and the balance spent. */
export function ResellerLeaderboard() {
  const { analytics } = usePeriodAnalytics();
  const rows = analytics.data?.resellers;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {analytics.isError && !analytics.data ? (
          <LoadRetry error={analytics.error} onRetry={() => void analytics.refetch()} />
        ) : (
          <ScrollTable
            query={{
              data: rows && { items: rows },
              isPending: analytics.isPending,
              isPlaceholderData: analytics.isPlaceholderData,
            }}
            columns={5}
            loadingText={texts.expiring.loading}
            emptyText={t.empty}
            head={
              <>
                <TableHead className="w-10">#</TableHead>
                <TableHead>{t.reseller}</TableHead>
                <KeyFigureHeads labels={t} />
              </>
            }
            renderRow={(row) => (
              <TableRow key={row.resellerId}>
                <TableCell className="text-muted-foreground tabular-nums">
                  {t.rank((rows?.indexOf(row) ?? 0) + 1)}
                </TableCell>
                <TableCell>
                  <Reseller row={row} />
                </TableCell>
                <KeyFigureCells row={row} />
              </TableRow>
            )}
            renderCard={(row) => (
              <RowCard
                key={row.resellerId}
                title={
                  <span className="flex items-center gap-2">
                    <span className="text-muted-foreground tabular-nums">
                      {t.rank((rows?.indexOf(row) ?? 0) + 1)}
                    </span>
                    <Reseller row={row} />
                  </span>
                }
                fields={keyFigureFields(row, t)}
              />
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
