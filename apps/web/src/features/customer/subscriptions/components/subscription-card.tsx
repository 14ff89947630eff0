import {
  loaderFileMessages,
  messages,
  PRODUCT_OPERATIONAL_LABELS,
  type ClientSubscription,
} from '@chaveiro/contract';
import {
  CalendarClock,
  Cpu,
  History,
  Hourglass,
  Pause,
  Play,
  RefreshCw,
  RotateCcw,
  TriangleAlert,
  Undo2,
  Wrench,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import {
  PRODUCT_STATUS_BADGE_TONES,
  PRODUCT_STATUS_BANNER_TONES,
} from '@/components/product-status/product-status-tone';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { LoaderGuide } from '@/components/loader-guide/loader-guide';
import { ReasonTooltip } from '@/components/reason-tooltip';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useSetSubscriptionStatus } from '../api/set-subscription-status';
import { texts as t } from '../texts';
import { MachinesList } from './machines-list';
import { PauseDialog } from './pause-dialog';
import { ResetHwidDialog } from './reset-hwid-dialog';
import { UsageSparkline } from './usage-sparkline';

function Field({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2.5">
      <span className="text-muted-foreground mt-0.5 [&>svg]:size-4" aria-hidden>
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-muted-foreground text-xs">{label}</dt>
        <dd className="text-sm font-medium break-words">{children}</dd>
      </div>
    </div>
  );
}

function OnlineIndicator({ online }: { online: boolean }) {
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1.5 text-xs font-medium">
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          online
            ? 'bg-emerald-500 shadow-[0_0_0_3px] shadow-emerald-500/20'
            : 'bg-muted-foreground/40',
        )}
      />
      {online ? t.online : t.offline}
    </span>
  );
}

function pauseReason(sub: ClientSubscription): string | null {
  if (sub.is_expired) return t.expiredCannotPause;
  if (sub.pause_credits <= 0) return messages.errors.noPauseCredits;
  return null;
}

function resumeReason(sub: ClientSubscription): string | null {
  return sub.paused_by_admin ? t.pausedByAdmin : null;
}

function downloadReason(sub: ClientSubscription): string | null {
  // The download is refused while the product is down: say so (in the server's words for the
  // download, without the note the banner above already shows) rather than the pause it causes.
  if (sub.product_status.status === 'updating') return loaderFileMessages.productUpdating(null);
  if (sub.product_status.status === 'unavailable') {
    return loaderFileMessages.productUnavailable(null);
  }
  if (sub.subscription_status === 'paused') return loaderFileMessages.subscriptionPaused;
  if (sub.is_expired) return loaderFileMessages.subscriptionExpired;
  return null;
}

function resetReason(sub: ClientSubscription): string | null {
  if (!sub.hwid) return t.noHwid;
  if (sub.hwid_reset_credits <= 0) return messages.errors.noResetCredits;
  return null;
}

/**
 * 'Pausar' (confirmed: it spends a credit) or 'Reativar'. Frozen by its product, there is
 * nothing to reactivate (it runs again when the product returns), but it may be paused.
 */
function StatusButton({ sub }: { sub: ClientSubscription }) {
  const mutation = useSetSubscriptionStatus();
  if (sub.subscription_status === 'active' || sub.frozen_by_product) {
    return <PauseDialog sub={sub} blockedReason={pauseReason(sub)} />;
  }
  const reason = resumeReason(sub);
  return (
    <ReasonTooltip reason={reason}>
      <PendingButton
        variant="outline"
        size="sm"
        pending={mutation.isPending}
        disabled={reason !== null}
        onClick={() =>
          mutation.mutate(
            { subscriptionId: sub.subscription_id, status: 'active' },
            { onSuccess: (answer) => toast.success(answer.message) },
          )
        }
      >
        {mutation.isPending ? null : <Play aria-hidden />}
        {t.resume}
      </PendingButton>
    </ReasonTooltip>
  );
}

/** While the product is down: its status, since when, its note and whether time stands still. */
function ProductStatusBanner({ sub }: { sub: ClientSubscription }) {
  const { status, note, time_frozen: timeFrozen, since } = sub.product_status;
  if (status === 'operational') return null;
  const Icon = status === 'updating' ? Wrench : TriangleAlert;
  return (
    <Alert
      role="note"
      aria-label={t.productDown(PRODUCT_OPERATIONAL_LABELS[status])}
      className={cn('mb-4', PRODUCT_STATUS_BANNER_TONES[status])}
      data-testid="product-status-banner"
    >
      <Icon aria-hidden />
      <AlertTitle>{t.productDown(PRODUCT_OPERATIONAL_LABELS[status])}</AlertTitle>
      <AlertDescription className="grid gap-1 text-current">
        {note ? <p className="break-words">{note}</p> : null}
        <p>
          {t.productDownSince(formatDateTime(since))}{' '}
          {sub.is_expired ? null : timeFrozen ? (
            <strong className="font-medium">{t.timeFrozen}</strong>
          ) : (
            t.timeRunning
          )}
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** "+2 d 4 h devolvidos": what the product's last freeze gave back, for a week after. */
function GivenBack({ givenBack }: { givenBack: NonNullable<ClientSubscription['given_back']> }) {
  const detail = t.givenBackDetail(formatDateTime(givenBack.at));
  return (
    <p
      className="inline-flex items-center gap-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-400"
      title={detail}
      data-testid="given-back"
    >
      <Undo2 className="size-3.5" aria-hidden />
      {t.givenBack(givenBack.ms)}
      <span className="sr-only">. {detail}</span>
    </p>
  );
}

const HIGHLIGHT_MS = 4000;

/**
 * Brings the card a purchase just created or extended into view and outlines it for a moment.
 */
function useHighlight(highlighted: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [lit, setLit] = useState(highlighted);
  useEffect(() => {
    if (!highlighted) return;
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(() => setLit(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  return { ref, lit };
}

/** One subscription of "Minhas Assinaturas" with every field of spec §3 and its actions. */
export function SubscriptionCard({
  sub,
  highlighted = false,
  onRenew,
}: {
  sub: ClientSubscription;
  /** Just bought or extended in the shop: scrolled to and outlined. */
  highlighted?: boolean;
  /** Opens "Renovar" for this subscription. */
  onRenew: (subscriptionId: string) => void;
}) {
  const active = sub.subscription_status === 'active';
  const frozen = sub.frozen_by_product;
  const resetBlocked = resetReason(sub);
  const { ref, lit } = useHighlight(highlighted);
  return (
    <Card
      ref={ref}
      className={cn(
        'scroll-mt-24 gap-4 transition-shadow duration-700',
        lit && 'ring-primary ring-offset-background ring-2 ring-offset-2',
      )}
      aria-label={sub.product_name}
      aria-current={highlighted ? 'true' : undefined}
      data-highlighted={lit || undefined}
      role="article"
    >
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="text-base leading-snug break-words">{sub.product_name}</CardTitle>
          <Badge
            variant={active || frozen ? 'outline' : 'secondary'}
            className={cn(
              active && 'border-transparent bg-emerald-600 text-white dark:bg-emerald-500/80',
              frozen && PRODUCT_STATUS_BADGE_TONES[sub.product_status.status],
            )}
          >
            {active ? t.active : frozen ? t.frozen : t.paused}
          </Badge>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <OnlineIndicator online={sub.is_online} />
          {sub.given_back ? <GivenBack givenBack={sub.given_back} /> : null}
        </div>
      </CardHeader>
      <CardContent>
        <ProductStatusBanner sub={sub} />
        <dl className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
          <Field icon={<CalendarClock />} label={t.expiresAt}>
            {/* Paused, the clock is frozen: the expiry would move every day; the remainder does not. */}
            {active
              ? formatDateTime(sub.expires_at)
              : (frozen ? t.frozenRemaining : t.pausedRemaining)(sub.days_remaining)}
          </Field>
          <Field icon={<Hourglass />} label={t.remaining}>
            {sub.is_expired ? (
              <span className="text-destructive">{t.expired}</span>
            ) : (
              t.days(sub.days_remaining)
            )}
          </Field>
          <Field icon={<Cpu />} label={t.hwid}>
            {sub.hwid ? (
              <span className="block truncate font-mono text-xs" title={sub.hwid}>
                {sub.hwid}
              </span>
            ) : (
              t.none
            )}
          </Field>
          <Field icon={<History />} label={t.lastAccess}>
            {sub.last_seen_at ? formatRelative(sub.last_seen_at) : t.never}
          </Field>
          <Field icon={<Pause />} label={t.pauseCredits}>
            {sub.pause_credits}
          </Field>
          <Field icon={<RotateCcw />} label={t.resetCredits}>
            {sub.hwid_reset_credits}
          </Field>
        </dl>
        <div className="mt-4">
          <UsageSparkline total={sub.online_minutes_30d} days={sub.usage_days} />
        </div>
        <MachinesList sub={sub} />
        {sub.loader ? (
          <LoaderGuide
            className="mt-4 border-t pt-4"
            subscriptionId={sub.subscription_id}
            loader={sub.loader}
            blockedReason={downloadReason(sub)}
            folded
          />
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => onRenew(sub.subscription_id)}
          aria-label={t.renewLabel(sub.product_name)}
        >
          <RefreshCw aria-hidden />
          {t.renew}
        </Button>
        <StatusButton sub={sub} />
        <ResetHwidDialog sub={sub} blockedReason={resetBlocked} />
      </CardFooter>
    </Card>
  );
}
