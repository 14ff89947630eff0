import type { Activity, KeyListItem, UserListItem } from '@chaveiro/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { joana, signInAsAdmin, usersPage } from '@/testing/admin-fixtures';
import { DASHBOARD_REFRESH_MS } from '@/features/admin/dashboard/refresh';
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
};

function handler({ url }: SentRequest): Response {
  if (url === '/api/dashboard/metrics') {
    return jsonResponse(200, {
      onlineUsers: 0,
      activeUsers: 1,
      bannedUsers: 0,
      expiredSubscriptions: 0,
    });
  }
  if (url.startsWith('/api/users?')) return jsonResponse(200, usersPage(server.users));
  if (url.startsWith('/api/keys?')) {
    return jsonResponse(200, {
      items: server.keys,
      total: server.keys.length,
      page: 1,
      pageSize: 50,
    });
  }
  if (url === '/api/dashboard/recent-activities') return jsonResponse(200, server.activities);
  return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
}

describe('/admin/dashboard', { timeout: 20_000 }, () => {
  it('refreshes its users, keys and activities while open, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAsAdmin();
    stubApi(handler);
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
});
