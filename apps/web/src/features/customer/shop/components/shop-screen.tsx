import { messages, type ShopPlan, type ShopProduct } from '@chaveiro/contract';
import { Gift, PackageOpen, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RetryAlert } from '@/components/retry-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '@/hooks/use-dashboard';
import { formatBRL } from '@/lib/format';
import { useShopProducts } from '../api/get-shop-products';
import { texts as t } from '../texts';
import { ShopProductCard } from './shop-product-card';

function BalanceBox({ onDeposit }: { onDeposit: () => void }) {
  const dashboard = useDashboard();
  return (
    <div className="bg-card flex items-center justify-between gap-4 rounded-xl border px-4 py-3 sm:min-w-72">
      <div>
        <p className="text-muted-foreground text-xs">{t.balance}</p>
        <p className="text-xl font-semibold tabular-nums" aria-live="polite">
          {dashboard.data ? formatBRL(dashboard.data.balance) : '—'}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onDeposit}>
        <Wallet aria-hidden />
        {t.addBalance}
      </Button>
    </div>
  );
}

function EmptyShop() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
          <PackageOpen className="size-6" aria-hidden />
        </span>
        <h2 className="text-lg font-semibold">{t.empty}</h2>
        <p className="text-muted-foreground max-w-sm text-sm">{t.emptyHint}</p>
        <Button asChild variant="outline">
          <Link to="/dashboard/redeem">
            <Gift aria-hidden />
            {t.emptyAction}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * `/dashboard/shop`: products on sale and the balance. Buying and depositing are other features'
 * dialogs, opened by the route that composes this screen.
 */
export function ShopScreen({
  onBuy,
  onDeposit,
}: {
  onBuy: (product: ShopProduct, plan: ShopPlan) => void;
  onDeposit: () => void;
}) {
  const products = useShopProducts();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader title={t.title} subtitle={t.subtitle} subtitleClassName="max-w-xl" />
        <BalanceBox onDeposit={onDeposit} />
      </div>

      {products.isError ? (
        <RetryAlert
          message={messages.errors.productsLoadFailed}
          retryLabel={t.retry}
          onRetry={() => void products.refetch()}
        />
      ) : null}

      {products.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          <Skeleton className="h-80 rounded-xl" />
          <Skeleton className="h-80 rounded-xl" />
          <Skeleton className="hidden h-80 rounded-xl xl:block" />
        </div>
      ) : null}

      {products.data?.length === 0 ? <EmptyShop /> : null}

      {products.data && products.data.length > 0 ? (
        <section aria-label={t.title} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {products.data.map((product) => (
            <ShopProductCard key={product.id} product={product} onBuy={onBuy} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
