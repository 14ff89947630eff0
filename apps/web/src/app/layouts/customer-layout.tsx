import { labels } from '@chaveiro/contract';
import {
  Braces,
  Gift,
  House,
  LifeBuoy,
  ReceiptText,
  ShoppingBag,
  Store,
  UserRound,
} from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { findActiveItem, type NavItem } from '@/components/layout/nav-items';
import { NavList } from '@/components/layout/nav-list';
import { SectionShell } from '@/components/layout/section-shell';
import { MaintenanceGate } from '@/components/maintenance/maintenance-gate';
import { useInactivityLogout } from '@/hooks/use-inactivity-logout';
import { useLogout } from '@/hooks/use-logout';
import { useSectionGuard, type Section } from '../session-guard';
import { CustomerHeaderActions } from './customer-header/customer-header-actions';

const nav = labels.customerNav;
const PROFILE_PATH = '/dashboard/profile';

/** Spec §2, customer area layout: sidebar entries (Perfil lives in the avatar menu). */
const CUSTOMER_NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: nav.home, icon: House, end: true },
  { to: '/dashboard/redeem', label: nav.redeem, icon: Gift },
  { to: '/dashboard/shop', label: nav.shop, icon: ShoppingBag },
  { to: '/dashboard/orders', label: nav.orders, icon: ReceiptText },
  { to: '/dashboard/support', label: nav.support, icon: LifeBuoy },
];

/** A reseller also reaches their own dashboard from the same sidebar. */
const RESELLER_NAV_ITEM: NavItem = {
  to: '/reseller/dashboard',
  label: 'Painel do Revendedor',
  icon: Store,
  end: true,
};
/** The reseller's API tokens for their store or bot. */
const RESELLER_TOKENS_NAV_ITEM: NavItem = {
  to: '/reseller/dashboard/api-tokens',
  label: nav.apiTokens,
  icon: Braces,
};
const RESELLER_NAV_ITEMS: readonly NavItem[] = [
  RESELLER_NAV_ITEM,
  RESELLER_TOKENS_NAV_ITEM,
  ...CUSTOMER_NAV_ITEMS,
];

const TITLED_PATHS: readonly NavItem[] = [
  ...CUSTOMER_NAV_ITEMS,
  RESELLER_NAV_ITEM,
  RESELLER_TOKENS_NAV_ITEM,
  { to: PROFILE_PATH, label: nav.profile, icon: UserRound },
];

function CustomerShell({ section }: { section: Extract<Section, 'customer' | 'reseller'> }) {
  const claims = useSectionGuard(section);
  useInactivityLogout();
  const logout = useLogout();
  const { pathname } = useLocation();
  if (!claims) return null;
  const navItems = claims.role === 'reseller' ? RESELLER_NAV_ITEMS : CUSTOMER_NAV_ITEMS;

  const renderSidebar = (onNavigate?: () => void) => (
    <div className="flex-1 overflow-y-auto p-3">
      <NavList items={navItems} onNavigate={onNavigate} />
    </div>
  );

  return (
    <MaintenanceGate onLogout={logout}>
      <SectionShell
        sidebarClassName="w-[280px]"
        contentOffsetClassName="lg:pl-[280px]"
        contentWidthClassName="max-w-6xl"
        brand={<Brand />}
        drawerTitle={<Brand />}
        renderSidebar={renderSidebar}
        title={findActiveItem(TITLED_PATHS, pathname)?.label}
        headerActions={<CustomerHeaderActions claims={claims} onLogout={logout} />}
      >
        <Outlet />
      </SectionShell>
    </MaintenanceGate>
  );
}

/** /dashboard: clients and resellers. */
export function CustomerLayout() {
  return <CustomerShell section="customer" />;
}

/** /reseller/dashboard: the same frame, resellers only. */
export function ResellerLayout() {
  return <CustomerShell section="reseller" />;
}
