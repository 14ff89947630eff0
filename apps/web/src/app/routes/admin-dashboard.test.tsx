import type { Activity, KeyListItem, UserListItem } from '@chaveiro/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { joana, signInAsAdmin, pageOf } from '@/testing/admin-fixtures';
import { DASHBOARD_REFRESH_MS } from '@/features/admin/dashboard/refresh';
import { expiringPage, sevenDays } from '@/features/admin/analytics/testing/analytics-fixtures';
import { AdminDashboardRoute } from './admin-dashboard';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const freshKey: KeyListItem = {
  id: 'k1',
  key: 'ABCDEFGHJK12345678',
  product: 'Valorant Pro',
  productId: 'prod-1',
  validity: 30,
  status: 'active',
  client: null,
  clientId: null,
  createdAt: '2026-03-05T12:00:00.000Z',
};
const pedro: UserListItem = {
  ...joana,
  id: 'user-pedro',
  user: 'pedro',
  email: 'pedro@exemplo.com',
};

/** What the server holds; the test changes it as a loader or a sign-up would. */
const server = {
  users: [joana],
  keys: [freshKey],
  activities: [] as Activity[],
  metrics: { onlineUsers: 0, activeUsers: 1, bannedUsers: 0, expiredSubscriptions: 0 },
  analytics: sevenDays(),
};

const dashboardApi: Routes = {
  'GET /api/dashboard/metrics': () => server.metrics,
  'GET /api/users': () => pageOf(server.users),
  'GET /api/keys': () => ({ items: server.keys, total: server.keys.length, page: 1, pageSize: 50 }),
  'GET /api/dashboard/recent-activities': () => server.activities,
  'GET /api/analytics': () => server.analytics,
  'GET /api/analytics/expiring': expiringPage(),
};

describe('/admin/dashboard', { timeout: 20_000 }, () => {
  it('refreshes its users, keys and activities while open, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAsAdmin();
    stubRoutes(dashboardApi);
    renderRoutes(
      [{ path: '/admin/dashboard', Component: AdminDashboardRoute }],
      '/admin/dashboard',
    );

    const keyRow = (await screen.findByText(freshKey.key)).closest('tr')!;
    expect(within(keyRow).getByText('Disponível')).toBeInTheDocument();
    expect(await screen.findByText('joana@exemplo.com')).toBeInTheDocument();

    // A loader redeems the key, someone signs up, and the server logs it.
    server.keys = [{ ...freshKey, status: 'used', client: 'pedro' }];
    server.users = [pedro, joana];
    server.activities = [
      { id: 'a1', action: 'Chave resgatada por pedro', created_at: new Date().toISOString() },
    ];
    act(() => {
      vi.advanceTimersByTime(DASHBOARD_REFRESH_MS);
    });

    expect(await screen.findByText('Chave resgatada por pedro')).toBeInTheDocument();
    expect(await screen.findByText('pedro@exemplo.com')).toBeInTheDocument();
    const usedRow = (await screen.findByText(freshKey.key)).closest('tr')!;
    expect(await within(usedRow).findByText('Usada')).toBeInTheDocument();
  });

  it("shows each card's change against the day before the period, in words and colour", async () => {
    signInAsAdmin();
    server.metrics = {
      onlineUsers: 5,
      activeUsers: 1000,
      bannedUsers: 4,
      expiredSubscriptions: 50,
    };
    server.analytics = sevenDays();
    stubRoutes(dashboardApi);
    renderRoutes(
      [{ path: '/admin/dashboard', Component: AdminDashboardRoute }],
      '/admin/dashboard',
    );
    const card = (title: string) => screen.getByRole('group', { name: title });

    const online = within(await screen.findByRole('group', { name: 'Usuários Online' }));
    const up = (await online.findByText('+2 (+66,7%)')).closest('p')!;
    expect(up).toHaveAttribute('data-change', 'up');
    expect(up).toHaveTextContent('Aumento: +2 (+66,7%) vs. 11/11');
    expect(up).toHaveClass('text-emerald-700');
    expect(within(card('Usuários Ativos')).getByText('sem variação')).toBeInTheDocument();
    // Fewer banned users is good news; more expired subscriptions is bad news.
    const banned = within(card('Usuários Banidos')).getByText('-1 (-20%)').closest('p')!;
    expect(banned).toHaveTextContent('Queda: -1 (-20%) vs. 11/11');
    expect(banned).toHaveClass('text-emerald-700');
    const expired = within(card('Assinaturas Expiradas')).getByText('+8 (+19%)').closest('p')!;
    expect(expired).toHaveClass('text-red-700');
  });

  it('shows a dash under the cards when the day before the period was never sampled', async () => {
    signInAsAdmin();
    server.analytics = sevenDays({ baseline: null });
    stubRoutes(dashboardApi);
    renderRoutes(
      [{ path: '/admin/dashboard', Component: AdminDashboardRoute }],
      '/admin/dashboard',
    );
    const online = within(await screen.findByRole('group', { name: 'Usuários Online' }));
    const dash = (await online.findByText('—')).closest('p');
    expect(dash).toHaveAttribute('data-change', 'none');
    expect(dash).toHaveTextContent('—sem dados para comparar');
  });
});
