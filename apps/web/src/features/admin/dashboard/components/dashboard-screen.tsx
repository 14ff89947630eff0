import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { KeysTable } from '../../keys/components/keys-table';
import { DASHBOARD_REFRESH_MS } from '../refresh';
import { DashboardUsersCard } from './dashboard-users-card';
import { MetricCards } from './metric-cards';
import { RecentActivities } from './recent-activities';

/** /admin/dashboard (spec §2): metrics, users, keys and the recent activity feed. */
export function DashboardScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="sr-only">Dashboard</h1>
      <MetricCards />
      <DashboardUsersCard />
      <div className="grid min-w-0 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Chaves</CardTitle>
            <CardDescription>As chaves mais recentes; busque por chave ou cliente.</CardDescription>
          </CardHeader>
          <CardContent className="min-w-0">
            <KeysTable compact refetchInterval={DASHBOARD_REFRESH_MS} />
          </CardContent>
        </Card>
        <RecentActivities />
      </div>
    </div>
  );
}
