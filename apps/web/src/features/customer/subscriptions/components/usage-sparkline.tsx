import type { ClientSubscription } from '@chaveiro/contract';
import { formatDayShort, formatMinutes } from '@/lib/format';
import { texts as t } from '../texts';

type UsageDay = ClientSubscription['usage_days'][number];

/**
 * The subscription's time online over the last 30 days, and one bar per day (oldest first).
 * The bars are decoration with a title each; a sentence says the same to a screen reader.
 */
export function UsageSparkline({ total, days }: { total: number; days: UsageDay[] }) {
  const max = Math.max(0, ...days.map((day) => day.minutes));
  const best = max > 0 ? days.filter((day) => day.minutes === max).at(-1) : undefined;
  const activeDays = days.filter((day) => day.minutes > 0).length;
  return (
    <div className="grid gap-1.5" data-testid="usage">
      <p className="text-xs">
        <span className="text-muted-foreground">{t.usage}:</span>{' '}
        <span className="text-sm font-medium tabular-nums">{formatMinutes(total)}</span>
      </p>
      {days.length > 0 && (
        <>
          <div className="flex h-8 items-end gap-px" aria-hidden>
            {days.map((day) => (
              <span
                key={day.day}
                title={t.usageBar(formatDayShort(day.day), formatMinutes(day.minutes))}
                className={
                  day.minutes > 0
                    ? 'bg-primary/70 min-w-0 flex-1 rounded-t-[2px]'
                    : 'bg-muted-foreground/20 h-0.5 min-w-0 flex-1'
                }
                style={
                  day.minutes > 0
                    ? { height: `${String(Math.max(8, (day.minutes / max) * 100))}%` }
                    : undefined
                }
              />
            ))}
          </div>
          <p className="sr-only">
            {t.usageSummary(
              activeDays,
              days.length,
              best ? `${formatDayShort(best.day)} (${formatMinutes(best.minutes)})` : null,
            )}
          </p>
        </>
      )}
    </div>
  );
}
