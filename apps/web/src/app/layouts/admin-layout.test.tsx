import type { AdminSearchResponse, WorkQueuesResponse } from '@chaveiro/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { WORK_QUEUES_POLL_MS } from '@/features/admin/work-queues/api/get-work-queues';
import { products, signInAsAdmin } from '@/testing/admin-fixtures';
import { stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { AdminLayout } from './admin-layout';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const routes: RouteObject[] = [
  {
    element: (
      <TooltipProvider>
        <Outlet />
      </TooltipProvider>
    ),
    children: [
      { path: '/admin/*', Component: AdminLayout, children: [{ path: '*', Component: Where }] },
    ],
  },
];

const found: AdminSearchResponse = {
  users: [
    {
      id: 'u-marta',
      username: 'marta',
      email: 'marta@exemplo.com',
      role: 'client',
      status: 'active',
    },
  ],
  keys: [{ id: 'k-1', key: 'MARKEY000000000001', product: 'Aimbot Pro', status: 'active' }],
  products: [{ id: 'p-1', name: 'Marte', status: 'disabled' }],
};

/** The work queues (read on each poll, so a test may change them) and the search. */
const adminApi = (queues: WorkQueuesResponse): Routes => ({
  'GET /api/admin/queues': queues,
  'GET /api/admin/search': found,
});

const searches = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.startsWith('/api/admin/search')).map((r) => r.url);
const queueReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.url === '/api/admin/queues').length;

beforeEach(() => {
  signInAsAdmin();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('admin sidebar work queues', { timeout: 20_000 }, () => {
  it('shows how many deposits and tickets wait, in words for screen readers', async () => {
    stubRoutes(adminApi({ pendingDeposits: 3, openTickets: 1, openSecurityEvents: 0 }));
    renderRoutes(routes, '/admin/dashboard');
    const nav = (await screen.findAllByRole('navigation'))[0] as HTMLElement;
    expect(
      await within(nav).findByRole('link', {
        name: /^Depósitos\s*, 3 depósitos aguardando aprovação$/,
      }),
    ).toHaveAttribute('href', '/admin/deposits');
    expect(
      within(nav).getByRole('link', { name: /^Suporte\s*, 1 ticket aguardando resposta$/ }),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Keys' })).toBeInTheDocument();
  });

  it('keeps the counts fresh by polling, and shows no badge for an empty queue', async () => {
    const queues = { pendingDeposits: 2, openTickets: 0, openSecurityEvents: 0 };
    const { sent } = stubRoutes(adminApi(queues));
    renderRoutes(routes, '/admin/dashboard');
    const nav = (await screen.findAllByRole('navigation'))[0] as HTMLElement;
    await within(nav).findByRole('link', { name: /2 depósitos aguardando aprovação/ });
    expect(within(nav).getByRole('link', { name: 'Suporte' })).toBeInTheDocument();
    const reads = queueReads(sent);

    queues.pendingDeposits = 0;
    queues.openTickets = 4;
    await act(() => vi.advanceTimersByTimeAsync(WORK_QUEUES_POLL_MS));
    await waitFor(() => expect(queueReads(sent)).toBeGreaterThan(reads));
    expect(
      await within(nav).findByRole('link', { name: /4 tickets aguardando resposta/ }),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Depósitos' })).toBeInTheDocument();
  });

  it('counts the open security events beside Segurança', async () => {
    const { sent } = stubRoutes(
      adminApi({ pendingDeposits: 0, openTickets: 0, openSecurityEvents: 2 }),
    );
    renderRoutes(routes, '/admin/dashboard');
    const nav = (await screen.findAllByRole('navigation'))[0] as HTMLElement;
    expect(
      await within(nav).findByRole('link', {
        name: /^Segurança\s*, 2 eventos de segurança em aberto$/,
      }),
    ).toHaveAttribute('href', '/admin/security');
    // The count comes with the other queues' poll, not from a request of its own.
    expect(sent.filter((r) => r.url.startsWith('/api/security-events'))).toEqual([]);
  });
});

describe('admin command palette', { timeout: 20_000 }, () => {
  async function openWithShortcut() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    return { user, dialog };
  }

  it('opens with Ctrl+K and jumps to a screen typed by name, keyboard only', async () => {
    const { sent } = stubRoutes(
      adminApi({ pendingDeposits: 0, openTickets: 0, openSecurityEvents: 0 }),
    );
    renderRoutes(routes, '/admin/dashboard');
    await screen.findByTestId('where');
    expect(
      screen.getByRole('button', { name: 'Abrir a paleta de comandos (Ctrl K)' }),
    ).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    const { user, dialog } = await openWithShortcut();
    const input = within(dialog).getByRole('combobox');
    expect(input).toHaveFocus();
    await user.keyboard('deposito');
    expect(within(dialog).getByRole('option', { name: 'Depósitos' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Keys' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/deposits'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Chosen before the typing paused: no search was sent (it waits for a pause).
    expect(searches(sent)).toEqual([]);
  });

  it('searches users, keys and products after a pause and opens the chosen one', async () => {
    const { sent } = stubRoutes(
      adminApi({ pendingDeposits: 0, openTickets: 0, openSecurityEvents: 0 }),
    );
    renderRoutes(routes, '/admin/dashboard');
    await screen.findByTestId('where');
    let { user, dialog } = await openWithShortcut();
    await user.keyboard('m');
    expect(within(dialog).getByText(/Digite ao menos 2 caracteres/)).toBeInTheDocument();
    await user.keyboard('ar');
    const option = await within(dialog).findByRole('option', { name: /marta/ });
    expect(searches(sent)).toEqual(['/api/admin/search?q=mar']);
    expect(within(dialog).getByRole('option', { name: /MARKEY000000000001/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: /Marte/ })).toHaveTextContent('desligado');
    await user.click(option);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/users/u-marta'),
    );

    ({ user, dialog } = await openWithShortcut());
    await user.keyboard('MARKEY');
    await within(dialog).findByRole('option', { name: /MARKEY000000000001/ });
    // Down arrow from the first result (the user) to the key, then Enter.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/keys?q=MARKEY000000000001'),
    );
  });

  it('changes a product\'s status from "Status de <produto>…", in the dialog it opens', async () => {
    const { sent } = stubRoutes({
      ...adminApi({ pendingDeposits: 0, openTickets: 0, openSecurityEvents: 0 }),
      'GET /api/products': products,
      'PATCH /api/products/:id/operational': ({ params }) => ({
        message: 'Status do produto alterado para Em atualização. 3 assinaturas congeladas.',
        product: { ...products[0], id: params.id },
        subscriptionsAffected: 3,
        givenBackMs: 0,
      }),
    });
    renderRoutes(routes, '/admin/dashboard');
    await screen.findByTestId('where');
    const { user, dialog } = await openWithShortcut();
    await user.keyboard('valor');
    const action = await within(dialog).findByRole('option', { name: /Status de Valorant Pro…/ });
    expect(action).toHaveTextContent('Operacional');
    await user.click(action);

    const statusDialog = await screen.findByRole('dialog', {
      name: 'Status operacional: Valorant Pro',
    });
    expect(screen.queryByRole('dialog', { name: 'Paleta de comandos' })).toBeNull();
    await user.click(within(statusDialog).getByRole('radio', { name: /Em atualização/ }));
    await user.click(within(statusDialog).getByRole('button', { name: 'Salvar status' }));
    expect(
      await screen.findByText(
        'Status do produto alterado para Em atualização. 3 assinaturas congeladas.',
      ),
    ).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({
      url: '/api/products/prod-1/operational',
      body: { status: 'updating', freezeTime: true, sellWhileDown: false },
    });
    // Still on the page it was opened from.
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard');
  });

  it('opens from the header button and closes with Escape', async () => {
    stubRoutes(adminApi({ pendingDeposits: 0, openTickets: 0, openSecurityEvents: 0 }));
    renderRoutes(routes, '/admin/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /Abrir a paleta de comandos/ }));
    expect(await screen.findByRole('dialog', { name: 'Paleta de comandos' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
