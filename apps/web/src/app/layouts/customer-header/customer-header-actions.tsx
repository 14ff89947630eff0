import { ThemeToggle } from '@/components/theme/theme-toggle';
import { NotificationsButton } from '@/features/customer/notifications/components/notifications-bell';
import { BalanceChip } from '@/features/customer/wallet/components/balance-chip';
import { DepositDialog } from '@/features/customer/wallet/components/deposit-dialog';
import type { SessionClaims } from '@/lib/session';
import { AccountMenu } from './account-menu';
import { DailyBonusButton } from './daily-bonus-button';
import { ShopIconButton } from './shop-icon-button';

/**
 * The customer header's right side (spec §2, customer area layout): the account's own controls
 * beside the wallet's and the notifications' (features of their own, composed here).
 */
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
