import { periodQuery, usePeriodParam } from '@/components/analytics/period';
import { useAnalytics } from '../api/get-analytics';

/** The period in the URL and its analytics: every part of the dashboard shares one request. */
export function usePeriodAnalytics() {
  const { period, setPeriod } = usePeriodParam();
  const analytics = useAnalytics(periodQuery(period));
  return { period, setPeriod, analytics };
}
