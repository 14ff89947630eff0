import { messages } from '@chaveiro/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CustomerSubscriptionsRoute } from '../routes/customer-subscriptions';
import { aDashboard, aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { MAINTENANCE_POLL_MS } from '@/lib/maintenance';
import { jsonResponse, stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { setToken } from '@/lib/session';
import { CustomerLayout, ResellerLayout } from './customer-layout';

/** The customer area as the router mounts it (the app shell provides the tooltips). */
const routes: RouteObject[] = [
  {
    element: (
      <TooltipProvider>
        <Outlet />
      </TooltipProvider>
    ),
    children: [
      {
        path: '/dashboard',
        Component: CustomerLayout,
        children: [{ index: true, Component: CustomerSubscriptionsRoute }],
      },
      { path: '/auth', element: <p>tela de login</p> },
    ],
  },
];

const maintenanceAnswer = () =>
  jsonResponse(503, { message: messages.settings.maintenance, code: 'MAINTENANCE' });

const emptyPage = (pageSize: number) => ({ items: [], total: 0, page: 1, pageSize });

/**
 * The server as a client sees it: `state.publicMode` is what /settings/public says and
 * `state.blocking` whether the area's reads answer 503 MAINTENANCE.
 */
function maintenanceApi(state: { publicMode: 'on' | 'off'; blocking: boolean }): Routes {
  const unlessBlocking = (answer: object) => () => (state.blocking ? maintenanceAnswer() : answer);
  return {
    'GET /api/settings/public': () => ({
      server_status: 'online',
      maintenance_mode: state.publicMode,
    }),
    'GET /api/client/dashboard': unlessBlocking(aDashboard()),
    'GET /api/profile': unlessBlocking(aProfile()),
    'GET /api/notifications': unlessBlocking({ ...emptyPage(20), unreadCount: 0 }),
    'GET /api/deposits': unlessBlocking(emptyPage(5)),
  };
}

const publicChecks = (sent: SentRequest[]) =>
  sent.filter((request) => request.url === '/api/settings/public').length;

beforeEach(() => {
  signInAsClient();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.dismiss();
});

// The first render transforms the whole area; jsdom is slow on a busy machine.
describe('customer area during maintenance', { timeout: 20_000 }, () => {
  it('shows the maintenance page when the public settings say maintenance is on', async () => {
    stubRoutes(maintenanceApi({ publicMode: 'on', blocking: false }));
    renderRoutes(routes, '/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estamos em manutenção' }),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.settings.maintenance)).toBeInTheDocument();
    expect(screen.getByText(/Esta página volta sozinha/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Início' })).not.toBeInTheDocument();
  });

  it('switches to the maintenance page when a call answers 503 MAINTENANCE, without error alerts or toasts', async () => {
    stubRoutes(maintenanceApi({ publicMode: 'off', blocking: true }));
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Estamos em manutenção' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.errors.subscriptionsLoadFailed)).not.toBeInTheDocument();
    expect(screen.getAllByText(messages.settings.maintenance)).toHaveLength(1);
  });

  it('polls while shown and brings the customer screen back when maintenance ends', async () => {
    const server = { publicMode: 'on' as 'on' | 'off', blocking: true };
    const { sent } = stubRoutes(maintenanceApi(server));
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Estamos em manutenção' });
    const checks = publicChecks(sent);

    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS));
    await waitFor(() => expect(publicChecks(sent)).toBe(checks + 1));
    expect(screen.getByRole('heading', { name: 'Estamos em manutenção' })).toBeInTheDocument();

    server.publicMode = 'off';
    server.blocking = false;
    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS));

    expect(await screen.findByRole('article', { name: 'Aimbot Pro' })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Estamos em manutenção' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Início' })).toBeInTheDocument();
  });

  it('does not poll while there is no maintenance', async () => {
    const { sent } = stubRoutes(maintenanceApi({ publicMode: 'off', blocking: false }));
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('article', { name: 'Aimbot Pro' });
    const checks = publicChecks(sent);
    await act(() => vi.advanceTimersByTimeAsync(3 * MAINTENANCE_POLL_MS));
    expect(publicChecks(sent)).toBe(checks);
  });

  it('checks again on demand and lets the visitor log out', async () => {
    const { sent } = stubRoutes(maintenanceApi({ publicMode: 'on', blocking: true }));
    const router = renderRoutes(routes, '/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Estamos em manutenção' });
    const checks = publicChecks(sent);

    await user.click(screen.getByRole('button', { name: 'Verificar agora' }));
    await waitFor(() => expect(publicChecks(sent)).toBe(checks + 1));

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});

describe(
  'navigation between the customer area and the reseller dashboard',
  { timeout: 20_000 },
  () => {
    const bothAreas: RouteObject[] = [
      {
        element: (
          <TooltipProvider>
            <Outlet />
          </TooltipProvider>
        ),
        children: [
          {
            path: '/dashboard',
            Component: CustomerLayout,
            children: [{ index: true, Component: CustomerSubscriptionsRoute }],
          },
          {
            path: '/reseller/dashboard',
            Component: ResellerLayout,
            children: [
              { index: true, element: <p>painel do revendedor</p> },
              { path: 'api-tokens', element: <p>tokens do revendedor</p> },
            ],
          },
        ],
      },
    ];

    it('gives a reseller a sidebar entry to each area, titled in the header', async () => {
      setToken(fakeToken({ role: 'reseller', username: 'loja', exp: epochSeconds(3600) }));
      stubRoutes(maintenanceApi({ publicMode: 'off', blocking: false }));
      const router = renderRoutes(bothAreas, '/reseller/dashboard');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const entry = await screen.findByRole('link', { name: 'Painel do Revendedor' });
      expect(entry).toHaveAttribute('aria-current', 'page');
      expect(
        screen.getByText('Painel do Revendedor', { selector: 'header p' }),
      ).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Início' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(await screen.findByRole('link', { name: 'Painel do Revendedor' })).toHaveAttribute(
        'href',
        '/reseller/dashboard',
      );
    });

    it("gives a reseller an entry to their API tokens, the dashboard's entry no longer lit", async () => {
      setToken(fakeToken({ role: 'reseller', username: 'loja', exp: epochSeconds(3600) }));
      stubRoutes(maintenanceApi({ publicMode: 'off', blocking: false }));
      const router = renderRoutes(bothAreas, '/reseller/dashboard');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('link', { name: 'Tokens de API' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/reseller/dashboard/api-tokens'),
      );
      expect(await screen.findByText('tokens do revendedor')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Tokens de API' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(screen.getByRole('link', { name: 'Painel do Revendedor' })).not.toHaveAttribute(
        'aria-current',
      );
      expect(screen.getByText('Tokens de API', { selector: 'header p' })).toBeInTheDocument();
    });

    it('shows no reseller entry to a client', async () => {
      stubRoutes(maintenanceApi({ publicMode: 'off', blocking: false }));
      renderRoutes(bothAreas, '/dashboard');
      await screen.findByRole('link', { name: 'Início' });
      expect(screen.queryByRole('link', { name: 'Painel do Revendedor' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Tokens de API' })).not.toBeInTheDocument();
    });
  },
);
