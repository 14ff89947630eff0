import { texts } from '../texts';
import { BuyKeysCard } from './buy-keys-card';
import { ResellerAnalytics } from './reseller-analytics';
import { ResellerKeysTable } from './reseller-keys-table';
import { ResellerStatCards } from './reseller-stat-cards';
import { PageHeader } from '@/components/layout/page-header';

/**
 * `/reseller/dashboard`: the balance and statistics, buying keys, the period's analytics and the
 * reseller's keys.
 */
export function ResellerDashboardScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <ResellerStatCards />
      <BuyKeysCard />
      <ResellerAnalytics />
      <ResellerKeysTable />
    </div>
  );
}
