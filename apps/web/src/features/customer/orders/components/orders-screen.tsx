import { LIMITS, messages, type OrderEntry } from '@chaveiro/contract';
import { ChevronRight, ReceiptText, ShoppingBag, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBRL, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useOrders } from '../api/get-orders';
import { texts as t } from '../texts';
import { OrderStatusBadge } from './order-status-badge';

const PAGE_SIZE = LIMITS.pageSizeDefault;

function itemOf(entry: OrderEntry): string {
  return entry.product_name && entry.duration_type
    ? t.itemPlan(entry.product_name, messages.plans[entry.duration_type])
    : t.deposit;
}

function EntryLine({ entry }: { entry: OrderEntry }) {
  const item = itemOf(entry);
  const order = entry.type === 'order';
  const Icon = order ? ShoppingBag : Wallet;
  const body = (
    <>
      <span className="bg-muted text-muted-foreground hidden size-9 shrink-0 items-center justify-center rounded-full sm:flex">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium break-words">{item}</span>
          <OrderStatusBadge status={entry.status} />
        </div>
        <p className="text-muted-foreground text-xs">
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          {' · '}
          {t.methods[entry.method]}
        </p>
      </div>
      <span className="shrink-0 font-semibold tabular-nums">{formatBRL(entry.amount)}</span>
      {order ? (
        <ChevronRight className="text-muted-foreground size-4 shrink-0" aria-hidden />
      ) : (
        <span className="size-4 shrink-0" aria-hidden />
      )}
    </>
  );
  const frame = 'flex items-center gap-3 rounded-lg border p-3';
  return order ? (
    <Link
      to={`/dashboard/orders/${encodeURIComponent(entry.id)}`}
      aria-label={t.receiptOf(item)}
      className={cn(
        frame,
        'hover:bg-accent/60 focus-visible:ring-ring/50 transition-colors outline-none focus-visible:ring-[3px]',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}

function EmptyOrders() {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <span className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
        <ReceiptText className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
      <p className="text-muted-foreground max-w-sm text-sm">{t.emptyBody}</p>
      <Button asChild>
        <Link to="/dashboard/shop">
          <ShoppingBag aria-hidden />
          {t.emptyAction}
        </Link>
      </Button>
    </div>
  );
}

/** `/dashboard/orders`: every purchase and deposit, newest first, each order with its receipt. */
export function OrdersScreen() {
  const [page, setPage] = useState(1);
  const orders = useOrders({ page, pageSize: PAGE_SIZE });
  const data = orders.data;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>{t.listTitle}</CardTitle>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-2">
          {orders.isError && !data ? <LoadErrorAlert error={orders.error} /> : null}
          {orders.isPending ? (
            <div className="grid gap-2" aria-busy="true" aria-label={t.loading}>
              <Skeleton className="h-16 rounded-lg" />
              <Skeleton className="h-16 rounded-lg" />
            </div>
          ) : null}
          {data && data.items.length === 0 ? <EmptyOrders /> : null}
          {data && data.items.length > 0 ? (
            <>
              <ul
                aria-label={t.listTitle}
                className={cn('grid gap-2', orders.isPlaceholderData && 'opacity-60')}
              >
                {data.items.map((entry) => (
                  <li key={`${entry.type}-${entry.id}`}>
                    <EntryLine entry={entry} />
                  </li>
                ))}
              </ul>
              <ListPagination data={data} onPageChange={setPage} noun={t.noun} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
