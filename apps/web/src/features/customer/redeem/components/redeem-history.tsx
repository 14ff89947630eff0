import type { RedeemHistoryItem } from '@chaveiro/contract';
import { KeyRound, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardList, RowCard } from '@/components/data-table/scroll-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useIsPhone } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { useRedeemHistory } from '../api/get-redeem-history';
import { texts as t } from '../texts';

function SummaryTile({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Card className="py-4">
      <CardContent className="flex items-center gap-3 px-4">
        <span className="bg-primary/10 text-primary flex size-10 items-center justify-center rounded-full [&>svg]:size-5">
          {icon}
        </span>
        <div>
          <p className="text-muted-foreground text-xs">{label}</p>
          <p className="text-2xl font-semibold tabular-nums">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function StatusBadge({ item }: { item: RedeemHistoryItem }) {
  const active = item.subscription_status === 'active';
  return (
    <Badge
      variant={active ? 'default' : 'secondary'}
      className={cn(active && 'bg-emerald-600 text-white dark:bg-emerald-500/80')}
    >
      {active ? t.statusActive : t.statusExpired}
    </Badge>
  );
}

function HistoryTable({ items }: { items: RedeemHistoryItem[] }) {
  const isPhone = useIsPhone();
  if (items.length === 0) {
    return <p className="text-muted-foreground py-6 text-center text-sm">{t.historyEmpty}</p>;
  }
  // Below 640 px: one card per key, its status beside it, instead of a sideways scroll.
  if (isPhone) {
    return (
      <CardList
        rows={items}
        isLoading={false}
        isStale={false}
        loadingText=""
        emptyText={t.historyEmpty}
        renderCard={(item) => (
          <RowCard
            key={item.id}
            title={
              <>
                <span className="min-w-0 font-mono text-xs break-all">{item.key_value}</span>
                <StatusBadge item={item} />
              </>
            }
            fields={[
              { label: t.product, value: item.product_name },
              {
                label: t.expiry,
                value: <span className="tabular-nums">{formatDate(item.expires_at)}</span>,
              },
            ]}
          />
        )}
      />
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t.key}</TableHead>
          <TableHead>{t.product}</TableHead>
          <TableHead>{t.expiry}</TableHead>
          <TableHead>{t.status}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="font-mono text-xs">{item.key_value}</TableCell>
            <TableCell>{item.product_name}</TableCell>
            <TableCell className="tabular-nums">{formatDate(item.expires_at)}</TableCell>
            <TableCell>
              <StatusBadge item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Key history (spec §2) and the active-versus-total summary. */
export function RedeemHistory() {
  const history = useRedeemHistory();
  const items = history.data ?? [];
  const active = items.filter((item) => item.subscription_status === 'active').length;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid grid-cols-2 gap-4">
        <SummaryTile icon={<ShieldCheck />} label={t.activeLicences} value={active} />
        <SummaryTile icon={<KeyRound />} label={t.totalLicences} value={items.length} />
      </div>
      <Card className="gap-2">
        <CardHeader>
          <CardTitle className="text-base">{t.historyTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          {history.isPending ? (
            <Skeleton className="h-24" />
          ) : history.isError ? (
            <p className="text-destructive py-6 text-center text-sm">{t.historyError}</p>
          ) : (
            <HistoryTable items={items} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
