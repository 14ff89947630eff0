import type { CustomerOverview, Product } from '@chaveiro/contract';
import { messages, protectionMessages as protection } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { products, signInAsAdmin } from '@/testing/admin-fixtures';
import { delivery, securityEvent } from '@/testing/protection-fixtures';
import { CustomerScreen } from './customer-screen';

beforeEach(signInAsAdmin);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const ID = '0190aaaa-0000-7000-8000-000000000001';
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const overview: CustomerOverview = {
  profile: {
    id: ID,
    username: 'maria_cliente',
    email: 'maria@example.com',
    role: 'client',
    status: 'active',
    avatar_url: null,
    email_verified: true,
    totp_enabled: true,
    balance: 42.5,
    xp: 120,
    created_at: iso(now - 40 * 86_400_000),
    last_login_at: iso(now - 3_600_000),
    last_login_ip: '198.51.100.2',
  },
  subscriptions: [
    {
      id: 'sub-1',
      product_id: 'p-1',
      product_name: 'Valorant Pro',
      status: 'active',
      paused_by: null,
      expires_at: iso(now + 10 * 86_400_000),
      days_remaining: 10,
      is_expired: false,
      max_devices: 2,
      pause_credits: 1,
      hwid_reset_credits: 2,
      created_at: iso(now - 20 * 86_400_000),
      last_seen_at: iso(now - 10_000),
      machines: [
        {
          id: 'm-1',
          hwid: 'HWID-ONLINE-1',
          first_seen_at: iso(now - 86_400_000),
          last_seen_at: iso(now - 10_000),
          online: true,
          last_ip: '203.0.113.45',
        },
        {
          id: 'm-2',
          hwid: 'HWID-OFFLINE-2',
          first_seen_at: iso(now - 2 * 86_400_000),
          last_seen_at: iso(now - 86_400_000),
          online: false,
          last_ip: null,
        },
      ],
    },
  ],
};

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 5 });

/** The customer page's reads: the overview and one line in each section. */
const customerApi: Routes = {
  [`GET /api/users/${ID}/overview`]: overview,
  [`GET /api/users/${ID}/ledger`]: page([
    {
      id: 'l-1',
      amount: 42.5,
      reason: 'Depósito PIX aprovado',
      balance_after: 42.5,
      actor: 'chefe',
      created_at: iso(now - 7_200_000),
    },
  ]),
  [`GET /api/users/${ID}/deposits`]: page([
    {
      id: 'd-1',
      amount: 42.5,
      method: 'pix',
      reference: 'DEP-K7M3-9QXA',
      status: 'approved',
      reject_reason: null,
      created_at: iso(now - 8_000_000),
      decided_at: iso(now - 7_200_000),
      gateway: 'manual',
      expires_at: null,
      order_id: null,
    },
  ]),
  [`GET /api/users/${ID}/orders`]: page([
    {
      id: 'o-1',
      type: 'order',
      product_name: 'Valorant Pro',
      duration_type: 'monthly',
      amount: 30,
      method: 'balance',
      status: 'completed',
      created_at: iso(now - 6_000_000),
    },
  ]),
  [`GET /api/users/${ID}/redeemed-keys`]: page([
    {
      id: 'k-1',
      key_value: 'ABCDEFGHJKLMNPQRST',
      product_name: 'Valorant Pro',
      expires_at: iso(now + 10 * 86_400_000),
      subscription_status: 'active',
      redeemed_at: iso(now - 5_000_000),
    },
  ]),
  [`GET /api/users/${ID}/tickets`]: page([
    {
      id: 't-1',
      subject: 'Não consigo entrar',
      status: 'open',
      preview: 'O loader diz HWID diferente.',
      created_at: iso(now - 4_000_000),
      updated_at: iso(now - 3_000_000),
    },
  ]),
};

/** The customer's security events (an open one) and delivered copies. */
const protectionApi = (): Routes => {
  const event = securityEvent({ user: { id: ID, username: 'maria_cliente' } });
  return {
    'GET /api/security-events': () => page([event]),
    'POST /api/security-events/:id/resolve': () => {
      event.resolvedAt = new Date(now).toISOString();
      event.resolvedBy = 'chefe';
      return { message: protection.securityResolvedToast };
    },
    'GET /api/deliveries': page([delivery({ user: { id: ID, username: 'maria_cliente' } })]),
  };
};

function renderCustomer(id = ID) {
  const user = userEvent.setup();
  const router = renderRoutes(
    [
      { path: '/admin/users/:id', Component: CustomerScreen },
      { path: '/admin/users', Component: () => <p>Lista de usuários</p> },
    ],
    `/admin/users/${id}`,
  );
  return { user, router };
}

// The first render transforms the whole screen; jsdom is slow on a busy machine.
describe('customer page', { timeout: 20_000 }, () => {
  it('shows the profile, the machines with their online state and IP, and every section', async () => {
    stubRoutes(customerApi);
    renderCustomer();

    expect(await screen.findByRole('heading', { level: 1, name: 'maria_cliente' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gerenciar Usuários' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByText('R$ 42,50')).toBeVisible();
    expect(within(header).getByText('Cliente')).toBeVisible();
    expect(within(header).getByText('Ativo')).toBeVisible();
    expect(screen.getByText('IP 198.51.100.2')).toBeVisible();
    expect(screen.getByText('Ativada')).toBeVisible();

    const subscription = screen.getByRole('region', { name: 'Assinatura Valorant Pro' });
    const online = within(subscription).getByRole('row', { name: /HWID-ONLINE-1/ });
    expect(within(online).getByText('Online')).toBeVisible();
    expect(within(online).getByText('203.0.113.45')).toBeVisible();
    const offline = within(subscription).getByRole('row', { name: /HWID-OFFLINE-2/ });
    expect(within(offline).getByText('Offline')).toBeVisible();
    expect(within(subscription).getByText('2 de 2')).toBeVisible();

    expect(await screen.findByText('Depósito PIX aprovado')).toBeVisible();
    expect(await screen.findByText('DEP-K7M3-9QXA')).toBeVisible();
    expect(await screen.findByText('Concluído')).toBeVisible();
    expect(await screen.findByText('ABCDEFGHJKLMNPQRST')).toBeVisible();
    expect(await screen.findByText('Não consigo entrar')).toBeVisible();
  });

  it("shows the customer's security events and deliveries, and resolves an open event", async () => {
    const { sent } = stubRoutes({ ...customerApi, ...protectionApi() });
    const { user } = renderCustomer();
    const card = async (title: string) =>
      (await screen.findByRole('heading', { name: title })).closest<HTMLElement>(
        '[data-slot=card]',
      )!;
    const events = await card(protection.customerSecurityTitle);
    expect(await within(events).findByText(protection.signals.debugger)).toBeVisible();
    expect(within(events).getByText('x64dbg anexado')).toBeVisible();
    expect(within(events).getByText(protection.eventActions.end_session)).toBeVisible();
    const deliveries = await card(protection.customerDeliveriesTitle);
    expect(await within(deliveries).findByText('203.0.113.45')).toBeVisible();
    expect(within(deliveries).getByText(protection.deliveryProtected)).toBeVisible();
    expect(sent.map((request) => request.url)).toEqual(
      expect.arrayContaining([
        `/api/security-events?userId=${ID}&status=all&page=1&pageSize=5`,
        `/api/deliveries?userId=${ID}&page=1&pageSize=5`,
      ]),
    );

    await user.click(
      within(events).getByRole('button', {
        name: protection.securityResolveOf(protection.signals.debugger, 'maria_cliente'),
      }),
    );
    expect(await within(events).findByText(/^Resolvido por chefe em /)).toBeVisible();
  });

  it('releases one machine after confirming, naming its HWID', async () => {
    const { sent } = stubRoutes({
      ...customerApi,
      [`DELETE /api/users/${ID}/machines/:machine`]: {
        message: 'Computador HWID-OFFLINE-2 liberado.',
      },
    });
    const { user } = renderCustomer();
    await user.click(
      await screen.findByRole('button', { name: 'Liberar o computador HWID-OFFLINE-2' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Liberar computador?' });
    expect(within(confirm).getByText('HWID-OFFLINE-2')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Liberar' }));

    expect(await screen.findByText('Computador HWID-OFFLINE-2 liberado.')).toBeVisible();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/api/users/${ID}/machines/m-2`, body: undefined },
    ]);
  });

  it('reaches the manage actions from the page, and leaves for the list after a delete', async () => {
    const { sent } = stubRoutes({
      ...customerApi,
      [`DELETE /api/users/${ID}`]: { message: messages.admin.userDeleted },
    });
    const { user, router } = renderCustomer();
    await user.click(await screen.findByRole('button', { name: 'Ações' }));
    for (const label of [
      'Alterar username',
      'Alterar senha',
      'Alterar e-mail',
      'Adicionar assinatura',
      'Remover assinatura',
      'Adicionar/remover dias',
      'Resetar HWID',
      'Banir usuário',
    ]) {
      expect(screen.getByRole('menuitem', { name: label })).toBeVisible();
    }
    await user.click(screen.getByRole('menuitem', { name: 'Excluir usuário' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir usuário?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Lista de usuários')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('opens a form of the manage dialog straight from the actions menu', async () => {
    stubRoutes(customerApi);
    const { user } = renderCustomer();
    await user.click(await screen.findByRole('button', { name: 'Ações' }));
    await user.click(screen.getByRole('menuitem', { name: 'Alterar e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerenciar Usuário' });
    expect(within(dialog).getByLabelText('Novo e-mail')).toHaveValue('maria@example.com');
  });

  it('says the user was not found for an unknown id', async () => {
    stubApi(() => jsonResponse(404, { message: messages.admin.userNotFound, code: 'NOT_FOUND' }));
    renderCustomer('0190aaaa-0000-7000-8000-00000000ffff');
    expect(await screen.findByText(messages.admin.userNotFound)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gerenciar Usuários' })).toBeVisible();
  });
});

describe("the customer page's products and their status", { timeout: 20_000 }, () => {
  const frozen: CustomerOverview = {
    ...overview,
    subscriptions: overview.subscriptions.map((sub) => ({
      ...sub,
      status: 'paused' as const,
      paused_by: 'product' as const,
    })),
  };
  const down = {
    ...products[0],
    id: 'p-1',
    name: 'Valorant Pro',
    operational: {
      status: 'updating' as const,
      note: 'Detectado após a atualização do jogo',
      freezeTime: true,
      sellWhileDown: false,
      since: iso(now - 3_600_000),
    },
  } as Product;

  it('says a subscription is frozen by its product, badges the product and changes its status', async () => {
    let overviewReads = 0;
    const { sent } = stubRoutes({
      ...customerApi,
      [`GET /api/users/${ID}/overview`]: () => {
        overviewReads += 1;
        return frozen;
      },
      'GET /api/products': [down],
      'PATCH /api/products/:id/operational': {
        message: 'Status do produto alterado para Operacional. 2 d devolvidos a 1 assinatura.',
        product: { ...down, operational: { ...down.operational, status: 'operational' } },
        subscriptionsAffected: 1,
        givenBackMs: 2 * 86_400_000,
      },
    });
    const { user } = renderCustomer();

    const subscription = await screen.findByRole('region', { name: 'Assinatura Valorant Pro' });
    const s = within(subscription);
    expect(await s.findByText('Congelada: produto em atualização')).toBeVisible();
    expect(s.getByTestId('product-status-badge')).toHaveAttribute(
      'title',
      'Detectado após a atualização do jogo',
    );

    await user.click(s.getByRole('button', { name: 'Alterar o status de Valorant Pro' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Status operacional: Valorant Pro' }),
    );
    expect(dialog.getByRole('radio', { name: /Em atualização/ })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: /Operacional/ }));
    await user.click(dialog.getByRole('button', { name: 'Salvar status' }));

    expect(
      await screen.findByText(
        'Status do produto alterado para Operacional. 2 d devolvidos a 1 assinatura.',
      ),
    ).toBeVisible();
    expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({
      url: '/api/products/p-1/operational',
      body: { status: 'operational', note: null, reason: null },
    });
    // The customer's subscriptions ran again: the page reads them anew.
    await waitFor(() => expect(overviewReads).toBeGreaterThan(1));
  });

  it('tells a customer pause from an administration pause', async () => {
    stubRoutes({
      ...customerApi,
      [`GET /api/users/${ID}/overview`]: {
        ...overview,
        subscriptions: [
          { ...frozen.subscriptions[0], paused_by: 'user' },
          {
            ...frozen.subscriptions[0],
            id: 'sub-2',
            product_id: 'p-2',
            product_name: 'CS Lite',
            paused_by: 'global',
          },
        ],
      },
      'GET /api/products': [down],
    });
    renderCustomer();
    const mine = await screen.findByRole('region', { name: 'Assinatura Valorant Pro' });
    expect(within(mine).getByText('Pausada')).toBeVisible();
    const admin = screen.getByRole('region', { name: 'Assinatura CS Lite' });
    expect(within(admin).getByText('Pausada pela administração')).toBeVisible();
    // A product missing from the catalogue has no status action.
    expect(within(admin).queryByRole('button', { name: /Alterar o status/ })).toBeNull();
  });
});
