import { PeriodPicker } from '@/components/analytics/period-picker';
import { texts } from '../texts';
import { usePeriodAnalytics } from './use-period-analytics';

/** The dashboard's heading and its period picker: cards, totals and charts follow it. */
export function AnalyticsPeriodBar() {
  const { period, setPeriod, analytics } = usePeriodAnalytics();
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">{texts.title}</h2>
        <p className="text-muted-foreground mt-1 text-sm">{texts.subtitle}</p>
      </div>
      <PeriodPicker period={period} onChange={setPeriod} range={analytics.data} />
    </div>
  );
}
