import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import { messages, type Product } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { ProductsScreen } from './products-screen';

const routes = [{ path: '/admin/products', Component: ProductsScreen }];

const product: Product = {
  id: 'p1',
  name: 'Aimbot Pro',
  description: 'Mira assistida',
  status: 'active',
  plans: { monthly: 1234.56, daily: 9.9 },
  resellerPlans: {},
  file: null,
  loader: null,
  operational: operationalStatus,
  protection: defaultProtection,
  inUse: false,
};

function signIn() {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/products', () => {
  it('says the user is not authenticated and loads nothing without a stored token', async () => {
    const sent = stubApi(() => jsonResponse(200, []));
    renderRoutes(routes, '/admin/products');
    expect(await screen.findByText(messages.errors.notAuthenticated)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the loading row while the list is on its way', async () => {
    signIn();
    stubApi(() => new Promise<Response>(() => undefined));
    renderRoutes(routes, '/admin/products');
    expect(await screen.findByRole('cell', { name: 'Carregando...' })).toBeInTheDocument();
    for (const header of ['Produto', 'Status', 'Planos Ativos', 'Ações']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('shows the failure row when the list cannot be loaded', async () => {
    signIn();
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    renderRoutes(routes, '/admin/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar produtos.');
  });

  it('lists each product with its status and a badge per plan priced in reais', async () => {
    signIn();
    const sent = stubApi(() => jsonResponse(200, [product]));
    renderRoutes(routes, '/admin/products');
    const row = (await screen.findByText('Aimbot Pro')).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row);
    expect(cells.getByText('Mira assistida')).toBeInTheDocument();
    expect(cells.getByText('Ativo')).toBeInTheDocument();
    expect(cells.getByText(/Diário · R\$\s9,90/)).toBeInTheDocument();
    expect(cells.getByText(/Mensal · R\$\s1\.234,56/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/products' });
  });

  it("shows a product's loader version and how often subscribers downloaded it", async () => {
    signIn();
    stubApi(() =>
      jsonResponse(200, [
        {
          ...product,
          loader: {
            sha256: 'a'.repeat(64),
            name: 'Loader.exe',
            size: 10,
            version: '2.4.1',
            notes: '',
            uploadedAt: '2030-04-01T12:00:00.000Z',
            downloads: 1532,
          },
        },
      ]),
    );
    renderRoutes(routes, '/admin/products');
    expect(await screen.findByTestId('product-loader')).toHaveTextContent(
      'Loader 2.4.1 · 1.532 downloads',
    );
  });

  it('offers "excluir tudo" after a 409 and deletes with cascade only after a second confirmation', async () => {
    signIn();
    const inUse = messages.admin.productInUse(2, 3);
    const sent = stubApi(({ method, url }) => {
      if (method === 'GET') return jsonResponse(200, [product]);
      if (url === '/api/products/p1')
        return jsonResponse(409, { message: inUse, code: 'CONFLICT' });
      return jsonResponse(200, { message: messages.admin.productDeleted });
    });
    renderRoutes(routes, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações do produto Aimbot Pro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir produto' }));

    expect(await screen.findByText(inUse)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Excluir tudo' }));
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Sim, excluir tudo' }));

    expect(await screen.findByText(messages.admin.productDeleted)).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/products/p1',
      '/api/products/p1?cascade=true',
    ]);
  });

  it('says before any call that a product in use cannot be deleted and offers Desligar', async () => {
    signIn();
    const sent = stubApi(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, [{ ...product, inUse: true }])
        : jsonResponse(200, { message: messages.admin.productDisabled }),
    );
    renderRoutes(routes, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações do produto Aimbot Pro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Este produto está em uso' });
    expect(
      within(dialog).getByText(/não pode ser excluído sozinho\. Desligue-o/),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Excluir produto' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Desligar' }));

    expect(await screen.findByText(messages.admin.productDisabled)).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'PATCH', url: '/api/products/p1/status', body: { status: 'disabled' } },
    ]);
  });

  it('switches a product off with Desligar', async () => {
    signIn();
    const sent = stubApi(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, [product])
        : jsonResponse(200, { message: messages.admin.productDisabled }),
    );
    renderRoutes(routes, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações do produto Aimbot Pro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desligar' }));
    expect(await screen.findByText(messages.admin.productDisabled)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/products/p1/status',
      body: { status: 'disabled' },
    });
  });

  it("opens the product's KeyAuth compatibility page from its menu", async () => {
    signIn();
    stubApi(() => jsonResponse(200, [product]));
    const router = renderRoutes(
      [...routes, { path: '/admin/products/:id/keyauth', Component: () => null }],
      '/admin/products',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações do produto Aimbot Pro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Compatibilidade KeyAuth' }));
    expect(router.state.location.pathname).toBe('/admin/products/p1/keyauth');
  });

  it('opens "Integrar loader" from the menu with the pinned key of this server', async () => {
    signIn();
    stubApi(({ url }) =>
      url === '/api/loader/public-key'
        ? jsonResponse(200, { keyId: '56475aa75463474c', publicKey: 'PK=', pem: '', previous: [] })
        : jsonResponse(200, [product]),
    );
    renderRoutes(routes, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações do produto Aimbot Pro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Integrar loader' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Integrar loader: Aimbot Pro' }),
    );
    expect(await dialog.findByText('PK=')).toBeInTheDocument();
    expect(dialog.getByText('p1')).toBeInTheDocument();
  });
});
