import { messages } from '@chaveiro/contract';
import { Gift, PackageOpen, ServerOff, ShoppingBag } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RetryAlert } from '@/components/retry-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '@/hooks/use-dashboard';
import { texts as t } from '../texts';
import { AddEmailPrompt } from './add-email-prompt';
import { LoyaltyPanel } from './loyalty-panel';
import { SubscriptionCard } from './subscription-card';

function EmptySubscriptions() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
          <PackageOpen className="size-6" aria-hidden />
        </span>
        <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
        <p className="text-muted-foreground max-w-sm text-sm">{t.emptyBody}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/dashboard/shop">
              <ShoppingBag aria-hidden />
              {t.emptyAction}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/redeem">
              <Gift aria-hidden />
              {t.emptyRedeem}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function LoadingState() {
  return (
    <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

/** The subscription a purchase in the shop just created or extended (router state). */
function useHighlightedSubscription(): string | null {
  const state: unknown = useLocation().state;
  const id: unknown =
    typeof state === 'object' && state !== null && 'highlightSubscription' in state
      ? state.highlightSubscription
      : null;
  return typeof id === 'string' ? id : null;
}

/**
 * /dashboard: Minhas Assinaturas (spec §2). "Renovar" is the checkout's dialog, opened by the
 * route that composes this screen.
 */
export function SubscriptionsScreen({ onRenew }: { onRenew: (subscriptionId: string) => void }) {
  const dashboard = useDashboard();
  const highlighted = useHighlightedSubscription();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <AddEmailPrompt />

      {dashboard.isError ? (
        <RetryAlert
          message={messages.errors.subscriptionsLoadFailed}
          retryLabel={t.retry}
          onRetry={() => void dashboard.refetch()}
        />
      ) : null}

      {dashboard.data?.server_status === 'offline' ? (
        <Alert>
          <ServerOff aria-hidden />
          <AlertDescription>{t.serverOffline}</AlertDescription>
        </Alert>
      ) : null}

      {dashboard.isPending ? <LoadingState /> : null}

      {dashboard.data ? (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_320px]">
          <section
            aria-label={t.title}
            className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2"
          >
            {dashboard.data.subscriptions.length === 0 ? (
              <div className="md:col-span-2">
                <EmptySubscriptions />
              </div>
            ) : (
              dashboard.data.subscriptions.map((sub) => (
                <SubscriptionCard
                  key={sub.subscription_id}
                  sub={sub}
                  highlighted={sub.subscription_id === highlighted}
                  onRenew={onRenew}
                />
              ))
            )}
          </section>
          <LoyaltyPanel rank={dashboard.data.rank} />
        </div>
      ) : null}
    </div>
  );
}
