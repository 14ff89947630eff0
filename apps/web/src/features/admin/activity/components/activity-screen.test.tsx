import type { ActivityEntry, ActivityPage } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityTimeline } from '@/components/activity/activity-timeline';
import { setToken } from '@/lib/session';
import { stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { ActivityScreen } from './activity-screen';

const banned: ActivityEntry = {
  id: 'a1',
  type: 'user.banned',
  action: 'Usuário maria banido',
  actor: { id: 'adm', username: 'root' },
  target: { kind: 'user', id: 'u1', label: 'maria' },
  ip: '203.0.113.5',
  created_at: '2026-01-15T12:00:00.000Z',
};
const redeemed: ActivityEntry = {
  id: 'a2',
  type: 'key.redeemed',
  action: 'Chave ABC resgatada por maria (Aimbot, 30 dias) no site',
  actor: { id: 'u1', username: 'maria' },
  target: { kind: 'key', id: 'k1', label: 'ABCDEFGHJK12345678' },
  ip: null,
  created_at: '2026-01-14T12:00:00.000Z',
};
const gatewayPaid: ActivityEntry = {
  id: 'a3',
  type: 'deposit.paid',
  action: 'Depósito DEP-1 de maria pago',
  actor: null,
  target: { kind: 'user', id: 'gone', label: null },
  ip: null,
  created_at: '2026-01-13T12:00:00.000Z',
};

const pageOf = (items: ActivityEntry[], nextCursor: string | null = null): ActivityPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  nextCursor,
});

/** The log: everything, or a user's lines in two pages; the export answers a CSV. */
const activityApi: Routes = {
  'GET /api/activity/export': () =>
    new Response('data_hora\r\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    }),
  'GET /api/activity': ({ query }) => {
    if (query.get('subject') !== 'u1') return pageOf([banned, redeemed, gatewayPaid]);
    return query.get('before')
      ? pageOf([gatewayPaid])
      : pageOf([banned, redeemed], '1768392000000_a2');
  },
};

const activityCalls = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.url.startsWith('/api/activity'))
    .map((request) => new URL(request.url, 'http://x'));

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/activity', () => {
  it('shows who, what, the target linked to its screen and the IP of each line', async () => {
    stubRoutes(activityApi);
    renderRoutes([{ path: '/admin/activity', Component: ActivityScreen }], '/admin/activity');

    const row = (await screen.findByText('Usuário maria banido')).closest('tr');
    if (!row) throw new Error('row expected');
    expect(within(row).getByRole('link', { name: 'root' })).toHaveAttribute(
      'href',
      '/admin/users/adm',
    );
    expect(within(row).getByText('Usuário banido')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'maria' })).toHaveAttribute(
      'href',
      '/admin/users/u1',
    );
    expect(within(row).getByText('203.0.113.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ABCDEFGHJK12345678' })).toHaveAttribute(
      'href',
      '/admin/keys?q=ABCDEFGHJK12345678',
    );
    // The gateway acts as the system; a deleted user is named so, without a link.
    const system = (await screen.findByText('Depósito DEP-1 de maria pago')).closest('tr');
    if (!system) throw new Error('row expected');
    expect(within(system).getByText('Sistema')).toBeInTheDocument();
    expect(within(system).getByText('Usuário excluído')).toBeInTheDocument();
  });

  it('keeps the filters in the URL and sends them, and refuses a reversed range', async () => {
    const { sent } = stubRoutes(activityApi);
    const user = userEvent.setup();
    const router = renderRoutes(
      [{ path: '/admin/activity', Component: ActivityScreen }],
      '/admin/activity?from=2026-01-10',
    );
    await screen.findByText('Usuário maria banido');
    expect(activityCalls(sent)[0]?.searchParams.get('from')).toBe('2026-01-10');

    await user.selectOptions(screen.getByLabelText('Filtrar por tipo'), 'key.redeemed');
    await waitFor(() => expect(router.state.location.search).toContain('type=key.redeemed'));
    await user.type(screen.getByLabelText('Autor'), 'maria{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('actor=maria'));
    await waitFor(() => {
      const last = activityCalls(sent).at(-1);
      expect(last?.searchParams.get('type')).toBe('key.redeemed');
      expect(last?.searchParams.get('actor')).toBe('maria');
    });

    const row = (await screen.findByText('Usuário maria banido')).closest('tr');
    if (!row) throw new Error('row expected');
    await user.click(within(row).getByRole('button', { name: 'Filtrar pelo alvo maria' }));
    await waitFor(() => expect(router.state.location.search).toContain('target=user%3Au1'));

    await user.type(screen.getByLabelText('Até'), '2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A data inicial deve ser anterior ou igual à data final.',
    );
    expect(activityCalls(sent).at(-1)?.searchParams.get('to')).toBeNull();
  });

  it('exports the filtered lines as CSV', async () => {
    const { sent } = stubRoutes(activityApi);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/activity', Component: ActivityScreen }],
      '/admin/activity?type=user.banned',
    );
    await screen.findByText('Usuário maria banido');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => {
      const exported = activityCalls(sent).find((url) => url.pathname === '/api/activity/export');
      expect(exported?.searchParams.get('type')).toBe('user.banned');
    });
  });
});

describe('ActivityTimeline', () => {
  it("pages a user's lines with 'Carregar mais'", async () => {
    const { sent } = stubRoutes(activityApi);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ActivityTimeline userId="u1" /> }], '/');
    expect(await screen.findByText('Usuário maria banido')).toBeInTheDocument();
    expect(screen.queryByText('Depósito DEP-1 de maria pago')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Depósito DEP-1 de maria pago')).toBeInTheDocument();
    expect(activityCalls(sent).at(-1)?.searchParams.get('before')).toBe('1768392000000_a2');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
