import { messages, type OrderReceipt, labels } from '@chaveiro/contract';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatBRL, formatDateTime } from '@/lib/format';
import { useOrder } from '@/hooks/use-order';
import { texts as t } from '../texts';
import { OrderStatusBadge } from './order-status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground text-sm print:text-black">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function Receipt({ order }: { order: OrderReceipt }) {
  const plan = messages.plans[order.duration_type];
  const pix = order.deposit;
  return (
    <Card className="min-w-0 print:border-0 print:shadow-none" data-receipt>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 border-b">
        <div className="grid gap-1">
          <Brand />
          <h1 className="text-xl font-semibold tracking-tight">{t.receiptTitle}</h1>
          <p className="text-muted-foreground font-mono text-xs">{t.receiptNumber(order.id)}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Row label={t.seller}>{order.seller || t.sellerFallback}</Row>
          <Row label={t.buyer}>
            {order.buyer.username} · {order.buyer.email ?? labels.noEmail}
          </Row>
          <Row label={t.kind}>{t.kinds[order.kind]}</Row>
          <Row label={t.product}>{order.product_name}</Row>
          <Row label={t.plan}>
            {plan} ({t.days(order.days)})
          </Row>
          <Row label={t.price}>
            <span className="text-base tabular-nums">{formatBRL(order.price)}</span>
          </Row>
          <Row label={t.method}>{t.methods[order.method]}</Row>
          {order.paid_from_balance > 0 ? (
            <Row label={t.paidFromBalance}>
              <span className="tabular-nums">{formatBRL(order.paid_from_balance)}</span>
            </Row>
          ) : null}
          {pix ? (
            <>
              <Row label={t.paidByPix}>
                <span className="tabular-nums">{formatBRL(pix.amount)}</span>
              </Row>
              <Row label={t.pixReference}>
                <span className="font-mono">{pix.reference}</span>
              </Row>
              {pix.gateway === 'mercadopago' ? (
                <Row label={t.gateway}>
                  {t.gateways.mercadopago}
                  {pix.gateway_payment_id ? (
                    <>
                      {' · '}
                      <span className="font-mono">
                        {t.gatewayPaymentId(pix.gateway_payment_id)}
                      </span>
                    </>
                  ) : null}
                </Row>
              ) : null}
            </>
          ) : null}
          <Row label={t.createdAt}>{formatDateTime(order.created_at)}</Row>
          {order.completed_at ? (
            <Row label={order.status === 'completed' ? t.completedAt : t.settledAt}>
              {formatDateTime(order.completed_at)}
            </Row>
          ) : null}
          {order.failure_reason ? <Row label={t.failureReason}>{order.failure_reason}</Row> : null}
        </dl>
        <p className="text-muted-foreground mt-4 text-xs">{t.footer}</p>
      </CardContent>
    </Card>
  );
}

/** `/dashboard/orders/:id`: one order's receipt, printable. */
export function OrderReceiptScreen() {
  const { id = '' } = useParams();
  const order = useOrder(id, { watch: true });
  const missing = order.error instanceof ApiError && order.error.status === 404;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/dashboard/orders">
            <ArrowLeft aria-hidden />
            {t.back}
          </Link>
        </Button>
        {order.data ? (
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden />
            {t.print}
          </Button>
        ) : null}
      </div>
      {missing ? (
        <Alert variant="destructive">
          <AlertDescription>{t.notFound}</AlertDescription>
        </Alert>
      ) : order.isError ? (
        <LoadErrorAlert error={order.error} />
      ) : null}
      {order.isPending ? <Skeleton className="h-96 rounded-xl" /> : null}
      {order.data ? <Receipt order={order.data} /> : null}
    </div>
  );
}
