import { labels, protectionMessages } from '@chaveiro/contract';
import {
  Activity,
  Banknote,
  Braces,
  FileUp,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Package,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Store,
  TriangleAlert,
  Users,
  Webhook,
} from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { findActiveItem, type NavItem } from '@/components/layout/nav-items';
import { NavList } from '@/components/layout/nav-list';
import { SectionShell } from '@/components/layout/section-shell';
import { MaintenanceBanner } from '@/components/maintenance/maintenance-banner';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { CommandPalette } from '@/features/admin/command-palette/components/command-palette';
import { AdminProfileBlock } from '@/features/admin/profile/components/admin-profile-block';
import { useWorkQueueBadges } from '@/features/admin/work-queues/use-work-queue-badges';
import { useInactivityLogout } from '@/hooks/use-inactivity-logout';
import { useLogout } from '@/hooks/use-logout';
import { useSectionGuard } from '../session-guard';

const nav = labels.adminNav;

/** Spec §2, admin area layout: these entries, in this order. */
const ADMIN_NAV_ITEMS: readonly NavItem[] = [
  { to: '/admin/dashboard', label: nav.dashboard, icon: LayoutDashboard },
  { to: '/admin/users', label: nav.users, icon: Users },
  { to: '/admin/keys', label: nav.keys, icon: KeyRound },
  { to: '/admin/bypass', label: nav.bypass, icon: ShieldCheck },
  { to: '/admin/products', label: nav.products, icon: Package },
  { to: '/admin/resellers', label: nav.resellers, icon: Store },
  { to: '/admin/deposits', label: nav.deposits, icon: Banknote },
  { to: '/admin/support', label: nav.support, icon: LifeBuoy },
  /** Beyond the spec's list: what the loaders reported, and unknown loaders. */
  { to: '/admin/security', label: protectionMessages.securityNav, icon: ShieldAlert },
  { to: '/admin/settings', label: nav.settings, icon: Settings },
  { to: '/admin/activity', label: nav.activity, icon: Activity },
  /** Beyond the spec's list: outbox deliveries that used up their retries. */
  { to: '/admin/outbox', label: nav.outbox, icon: TriangleAlert },
  /** Beyond the spec's list: seller automation. */
  { to: '/admin/api-tokens', label: nav.apiTokens, icon: Braces },
  { to: '/admin/webhooks', label: nav.webhooks, icon: Webhook },
  /** Beyond the spec's list: migration from KeyAuth. */
  { to: '/admin/keyauth-import', label: nav.keyauthImport, icon: FileUp },
];

const LOGOUT_LABEL = labels.customerNav.logout;

export function AdminLayout() {
  const claims = useSectionGuard('admin');
  useInactivityLogout();
  const logout = useLogout();
  const { pathname } = useLocation();
  const badges = useWorkQueueBadges(claims !== null);
  if (!claims) return null;
  const navItems = ADMIN_NAV_ITEMS.map((item) => ({ ...item, badge: badges[item.to] }));

  const renderSidebar = (onNavigate?: () => void) => (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex-1 overflow-y-auto p-3">
        <NavList items={navItems} onNavigate={onNavigate} />
      </div>
      <div className="border-t p-3">
        <div className="flex items-center gap-1">
          <AdminProfileBlock fallbackUsername={claims.username} />
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={LOGOUT_LABEL} onClick={logout}>
                <LogOut />
              </Button>
            </TooltipTrigger>
            <TooltipContent side="top">{LOGOUT_LABEL}</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </div>
  );

  return (
    <SectionShell
      sidebarClassName="w-64"
      contentOffsetClassName="lg:pl-64"
      contentWidthClassName="max-w-7xl"
      brand={<Brand caption={labels.adminPanel} />}
      drawerTitle={<Brand caption={labels.adminPanel} />}
      renderSidebar={renderSidebar}
      title={findActiveItem(ADMIN_NAV_ITEMS, pathname)?.label}
      headerActions={
        <>
          <CommandPalette items={ADMIN_NAV_ITEMS} />
          <ThemeToggle />
        </>
      }
    >
      <MaintenanceBanner />
      <Outlet />
    </SectionShell>
  );
}
