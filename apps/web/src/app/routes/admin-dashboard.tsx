import { AnalyticsOverview } from '@/features/admin/analytics/components/analytics-overview';
import { AnalyticsPeriodBar } from '@/features/admin/analytics/components/analytics-period-bar';
import { BaselineChange } from '@/features/admin/analytics/components/baseline-change';
import { ExpiringSoon } from '@/features/admin/analytics/components/expiring-soon';
import { ResellerLeaderboard } from '@/features/admin/analytics/components/reseller-leaderboard';
import { MetricCards } from '@/features/admin/dashboard/components/metric-cards';
import { RecentActivities } from '@/features/admin/dashboard/components/recent-activities';
import { DASHBOARD_REFRESH_MS } from '@/features/admin/dashboard/refresh';
import { DashboardKeysCard } from '@/features/admin/keys/components/dashboard-keys-card';
import { DashboardUsersCard } from '@/features/admin/users/components/dashboard-users-card';

/**
 * /admin/dashboard (spec §2): metrics, users, keys and the recent activity feed, and the
 * analytics (a period in the URL, the cards' change against the day before it,
 * totals, charts, subscriptions expiring soon, the reseller leaderboard). It shows several
 * features side by side, so it is composed here rather than inside one of them.
 */
export function AdminDashboardRoute() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="sr-only">Dashboard</h1>
      <AnalyticsPeriodBar />
      <MetricCards change={(metric, value) => <BaselineChange metric={metric} value={value} />} />
      <AnalyticsOverview />
      <div className="grid min-w-0 items-start gap-6 2xl:grid-cols-2">
        <ExpiringSoon />
        <ResellerLeaderboard />
      </div>
      <DashboardUsersCard refetchInterval={DASHBOARD_REFRESH_MS} />
      <div className="grid min-w-0 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <DashboardKeysCard refetchInterval={DASHBOARD_REFRESH_MS} />
        <RecentActivities />
      </div>
    </div>
  );
}
