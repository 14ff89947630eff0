import { Gift } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useDashboard } from '@/hooks/use-dashboard';
import { formatDateTime } from '@/lib/format';
import { useClaimDailyBonus } from './claim-daily-bonus';
import { headerTexts as t } from './texts';

/** Whether `iso` is still ahead; flips by itself when that moment passes. */
function useIsFuture(iso: string | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const target = iso ? new Date(iso).getTime() : 0;
  const future = target > now;
  useEffect(() => {
    if (!future) return;
    // The bonus waits at most 24 h, well within setTimeout's range.
    const timer = setTimeout(() => setNow(Date.now()), target - now + 50);
    return () => clearTimeout(timer);
  }, [future, target, now]);
  return future;
}

export function DailyBonusButton() {
  const dashboard = useDashboard();
  const claim = useClaimDailyBonus();
  const availableAt = dashboard.data?.daily_bonus_available_at;
  const waiting = useIsFuture(availableAt);

  const button = (
    <PendingButton
      variant="outline"
      size="sm"
      pending={claim.isPending}
      disabled={!dashboard.data || waiting}
      onClick={() =>
        claim.mutate(undefined, {
          onSuccess: (answer) => toast.success(answer.message),
        })
      }
    >
      <Gift aria-hidden />
      <span className="hidden md:inline">{t.dailyBonus}</span>
      <span className="sr-only md:hidden">{t.dailyBonus}</span>
    </PendingButton>
  );

  if (!waiting || !availableAt) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* A disabled button gets no pointer events; the wrapper shows the tooltip. */}
        <span tabIndex={0} className="inline-flex rounded-md">
          {button}
        </span>
      </TooltipTrigger>
      <TooltipContent>{t.dailyBonusAvailableAt(formatDateTime(availableAt))}</TooltipContent>
    </Tooltip>
  );
}
