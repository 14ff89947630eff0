import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import { messages, type KeyListItem, type Product } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { KeysScreen } from './keys-screen';

const product: Product = {
  id: 'p1',
  name: 'Aimbot Pro',
  description: '',
  status: 'active',
  plans: { monthly: 50 },
  resellerPlans: {},
  file: null,
  loader: null,
  operational: operationalStatus,
  protection: defaultProtection,
  inUse: false,
};

const row: KeyListItem = {
  id: 'k1',
  key: 'ABCDEFGHJK12345678',
  product: 'Aimbot Pro',
  productId: 'p1',
  validity: 30,
  status: 'active',
  client: null,
  clientId: null,
  createdAt: '2026-01-10T12:00:00.000Z',
};

const generated = ['AAAAAAAAAAAAAAAAA1', 'BBBBBBBBBBBBBBBBB2', 'CCCCCCCCCCCCCCCCC3'];

const keysApi: Routes = {
  'GET /api/products': [product],
  'GET /api/keys': { items: [row], total: 1, page: 1, pageSize: 20 },
  'POST /api/keys': () =>
    jsonResponse(201, { message: messages.admin.keysGenerated(3), keys: generated }),
  'GET /api/keys/k1': {
    ...row,
    redeemBy: null,
    createdBy: 'root',
    redeemedBy: null,
    redeemedAt: null,
    subscription: null,
  },
  'GET /api/users/clients': [{ id: 'u9', username: 'maria' }],
  'POST /api/keys/k1/link': { message: messages.admin.keyLinked },
  'PATCH /api/keys/k1': { message: messages.admin.keyUpdated },
  'POST /api/keys/bulk': { message: '1 chave banida.', count: 1, skipped: 0 },
  'DELETE /api/keys/k1': { message: messages.admin.keyDeleted },
};

const routes = [{ path: '/admin/keys', Component: KeysScreen }];

/** The keys screen on the stubbed API; `sent` records every request. */
function openKeys() {
  const { sent } = stubRoutes(keysApi);
  renderRoutes(routes, '/admin/keys');
  return { sent, user: userEvent.setup() };
}

/** Opens 'Gerar chaves' and picks the product once the options have loaded. */
async function startGenerating(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Gerar chaves' }));
  const form = await screen.findByRole('dialog', { name: 'Gerar chaves' });
  await within(form).findByRole('option', { name: 'Aimbot Pro' });
  await user.selectOptions(within(form).getByLabelText('Produto'), 'p1');
  return form;
}

async function openMenuItem(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(await screen.findByRole('button', { name: `Ações da chave ${row.key}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/keys', () => {
  it("opens 'Gerar chaves' on its first field and gives the focus back to its button on Esc", async () => {
    const { user } = openKeys();
    const button = await screen.findByRole('button', { name: 'Gerar chaves' });
    await user.click(button);
    const form = await screen.findByRole('dialog', { name: 'Gerar chaves' });
    expect(within(form).getByLabelText('Produto')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("gives the focus back to the key's menu button when a dialog opened from it closes", async () => {
    const { user } = openKeys();
    await openMenuItem(user, 'Reset Duration');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Ações da chave ${row.key}` })).toHaveFocus(),
    );
  });

  it('generates keys, shows them and copies them all, one per line', async () => {
    const { sent, user } = openKeys();
    const form = await startGenerating(user);
    await user.selectOptions(within(form).getByLabelText('Validade'), 'weekly');
    await user.clear(within(form).getByLabelText('Quantidade'));
    await user.type(within(form).getByLabelText('Quantidade'), '3');
    await user.click(within(form).getByRole('button', { name: 'Gerar chaves' }));

    const result = await screen.findByRole('dialog', { name: 'Chaves geradas' });
    for (const key of generated) expect(within(result).getByText(key)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/keys',
      body: { productId: 'p1', quantity: 3, durationType: 'weekly' },
    });

    await user.click(within(result).getByRole('button', { name: 'Copiar todas' }));
    expect(await navigator.clipboard.readText()).toBe(generated.join('\n'));
    expect(await screen.findByText('3 chaves copiadas!')).toBeInTheDocument();
  });

  it('sends days instead of a duration type when custom days are chosen', async () => {
    const { sent, user } = openKeys();
    const form = await startGenerating(user);
    await user.selectOptions(within(form).getByLabelText('Validade'), 'custom');
    await user.clear(within(form).getByLabelText('Dias'));
    await user.type(within(form).getByLabelText('Dias'), '45');
    await user.click(within(form).getByRole('button', { name: 'Gerar chaves' }));
    await screen.findByRole('dialog', { name: 'Chaves geradas' });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      productId: 'p1',
      quantity: 1,
      days: 45,
    });
  });

  it("sends the optional 'Resgatar até' date with the generation", async () => {
    const { sent, user } = openKeys();
    const form = await startGenerating(user);
    await user.type(within(form).getByLabelText('Resgatar até (opcional)'), '2030-12-31');
    await user.click(within(form).getByRole('button', { name: 'Gerar chaves' }));
    await screen.findByRole('dialog', { name: 'Chaves geradas' });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      productId: 'p1',
      quantity: 1,
      durationType: 'monthly',
      redeemBy: '2030-12-31',
    });
  });

  it('View Info loads the key details', async () => {
    const { sent, user } = openKeys();
    await openMenuItem(user, 'View Info');
    const dialog = await screen.findByRole('dialog', { name: 'Informações da chave' });
    expect(await within(dialog).findByText('root')).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'GET', url: '/api/keys/k1', body: undefined });
  });

  it('Link User picks a client and links the key', async () => {
    const { sent, user } = openKeys();
    await openMenuItem(user, 'Link User');
    await user.click(await screen.findByRole('option', { name: 'maria' }));
    await user.click(screen.getByRole('button', { name: 'Vincular a maria' }));
    expect(await screen.findByText(messages.admin.keyLinked)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/keys/k1/link',
      body: { userId: 'u9' },
    });
  });

  it('Reset Duration sends the new number of days', async () => {
    const { sent, user } = openKeys();
    await openMenuItem(user, 'Reset Duration');
    const days = await screen.findByLabelText('Dias');
    await user.clear(days);
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.admin.keyUpdated)).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'PATCH', url: '/api/keys/k1', body: { days: 7 } });
  });

  it('Ban sends the banned status', async () => {
    const { sent, user } = openKeys();
    await openMenuItem(user, 'Banir');
    expect(await screen.findByText(messages.admin.keyUpdated)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/keys/k1',
      body: { status: 'banned' },
    });
  });

  it('confirms a ban though the banned key leaves the filtered list at once', async () => {
    let banned = false;
    stubRoutes({
      ...keysApi,
      'GET /api/keys': () => ({
        items: banned ? [] : [row],
        total: banned ? 0 : 1,
        page: 1,
        pageSize: 20,
      }),
      'PATCH /api/keys/k1': () => {
        banned = true;
        return { message: messages.admin.keyUpdated };
      },
    });
    renderRoutes(routes, '/admin/keys?status=active');
    const user = userEvent.setup();
    await openMenuItem(user, 'Banir');
    expect(await screen.findByText(messages.admin.keyUpdated)).toBeInTheDocument();
    expect(screen.queryByText(row.key)).not.toBeInTheDocument();
  });

  it('Delete Key asks first, then deletes', async () => {
    const { sent, user } = openKeys();
    await openMenuItem(user, 'Delete Key');
    await user.click(await screen.findByRole('button', { name: 'Excluir chave' }));
    expect(await screen.findByText(messages.admin.keyDeleted)).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'DELETE', url: '/api/keys/k1', body: undefined });
  });

  it('sorts by a column header and keeps the sort and filters in the URL', async () => {
    const { sent, user } = openKeys();
    await user.click(await screen.findByRole('button', { name: /Ordenar por produto/ }));
    await waitFor(() =>
      expect(sent.some((request) => request.url.includes('sort=product%3Aasc'))).toBe(true),
    );
    const header = screen.getByRole('columnheader', { name: /Produto/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.selectOptions(screen.getByLabelText('Filtrar por status'), 'banned');
    await waitFor(() =>
      expect(
        sent.some(
          (request) =>
            request.url.includes('status=banned') && request.url.includes('sort=product%3Aasc'),
        ),
      ).toBe(true),
    );
  });

  it('bans the ticked keys after a confirmation stating the count', async () => {
    const { sent, user } = openKeys();
    await user.click(await screen.findByRole('checkbox', { name: `Selecionar ${row.key}` }));
    const bar = screen.getByRole('region', { name: 'Ações em massa' });
    expect(within(bar).getByText('1 chave selecionada')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Banir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Banir 1 chave?' });
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));
    expect(await screen.findByText('1 chave banida.')).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/keys/bulk',
      body: { action: 'ban', ids: ['k1'] },
    });
  });

  it('extends a full page to every matching key and sends the filters', async () => {
    const { sent } = stubRoutes({
      ...keysApi,
      'GET /api/keys': { items: [row], total: 45, page: 1, pageSize: 20 },
    });
    renderRoutes(routes, '/admin/keys?status=active');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar a página' }));
    await user.click(screen.getByRole('button', { name: 'Selecionar todos os 45 resultados' }));
    const bar = screen.getByRole('region', { name: 'Ações em massa' });
    expect(within(bar).getByText('Todas as 45 chaves selecionadas')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir 45 chaves?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: '/api/keys/bulk',
        body: { action: 'delete', filter: { status: 'active' } },
      }),
    );
  });
});
