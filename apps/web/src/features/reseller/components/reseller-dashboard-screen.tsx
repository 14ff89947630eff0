import { texts } from '../texts';
import { BuyKeysCard } from './buy-keys-card';
import { ResellerKeysTable } from './reseller-keys-table';
import { ResellerStatCards } from './reseller-stat-cards';

/** `/reseller/dashboard`: the balance and statistics, buying keys and the reseller's keys. */
export function ResellerDashboardScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{texts.title}</h1>
        <p className="text-muted-foreground mt-1 text-sm">{texts.subtitle}</p>
      </div>
      <ResellerStatCards />
      <BuyKeysCard />
      <ResellerKeysTable />
    </div>
  );
}
