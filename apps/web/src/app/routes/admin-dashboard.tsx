import { MetricCards } from '@/features/admin/dashboard/components/metric-cards';
import { RecentActivities } from '@/features/admin/dashboard/components/recent-activities';
import { DASHBOARD_REFRESH_MS } from '@/features/admin/dashboard/refresh';
import { DashboardKeysCard } from '@/features/admin/keys/components/dashboard-keys-card';
import { DashboardUsersCard } from '@/features/admin/users/components/dashboard-users-card';

/**
 * /admin/dashboard (spec §2): metrics, users, keys and the recent activity feed. It shows three
 * features side by side, so it is composed here rather than inside one of them.
 */
export function AdminDashboardRoute() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="sr-only">Dashboard</h1>
      <MetricCards />
      <DashboardUsersCard refetchInterval={DASHBOARD_REFRESH_MS} />
      <div className="grid min-w-0 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <DashboardKeysCard refetchInterval={DASHBOARD_REFRESH_MS} />
        <RecentActivities />
      </div>
    </div>
  );
}
