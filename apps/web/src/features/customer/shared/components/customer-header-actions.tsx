import { ThemeToggle } from '@/components/theme/theme-toggle';
import type { SessionClaims } from '@/lib/session';
import { AccountMenu } from './account-menu';
import { BalanceChip } from './balance-chip';
import { DailyBonusButton } from './daily-bonus-button';
import { DepositDialog } from './deposit-dialog';
import { ShopIconButton } from './header-icon-buttons';
import { NotificationsButton } from './notifications-bell';

/** The customer header's right side (spec §2, customer area layout). */
export function CustomerHeaderActions({
  claims,
  onLogout,
}: {
  claims: SessionClaims;
  onLogout: () => void;
}) {
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <DailyBonusButton />
      <DepositDialog />
      <BalanceChip />
      <ShopIconButton />
      <NotificationsButton />
      <ThemeToggle />
      <AccountMenu claims={claims} onLogout={onLogout} />
    </div>
  );
}
