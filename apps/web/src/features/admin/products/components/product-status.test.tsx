import {
  productStatusMessages,
  type Product,
  type ProductOperationalResponse,
  type ProductStatusHistory,
} from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import {
  defaultProtection,
  operationalStatus,
  signInAsAdminForEachTest,
} from '@/testing/admin-fixtures';
import { stubRoutes, jsonResponse } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { ProductsScreen } from './products-screen';

signInAsAdminForEachTest();

const routes = [{ path: '/admin/products', Component: ProductsScreen }];

const HOUR = 60 * 60 * 1000;
const NOTE = 'Detectado após a atualização do jogo; previsão 48 h';

function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    name: 'Aimbot Pro',
    description: '',
    status: 'active',
    operational: operationalStatus,
    protection: defaultProtection,
    plans: { monthly: 29.9 },
    resellerPlans: {},
    file: null,
    loader: null,
    inUse: true,
    ...overrides,
  };
}

const updating: Product['operational'] = {
  status: 'updating',
  note: NOTE,
  freezeTime: true,
  sellWhileDown: false,
  since: '2026-03-05T12:00:00.000Z',
};

function answer(product: Product, message: string): ProductOperationalResponse {
  return { message, product, subscriptionsAffected: 0, givenBackMs: 0 };
}

async function openMenuItem(product: string, item: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Ações do produto ${product}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return user;
}

describe("a product's operational status on the products screen", () => {
  it('badges only a product that is not operational, coloured by status, with its note on hover', async () => {
    stubRoutes({
      'GET /api/products': [
        aProduct(),
        aProduct({ id: 'p2', name: 'Radar', operational: updating }),
        aProduct({
          id: 'p3',
          name: 'Spoofer',
          operational: { ...updating, status: 'unavailable', note: null },
        }),
      ],
    });
    renderRoutes(routes, '/admin/products');

    const row = async (name: string) => {
      const cell = await screen.findByText(name);
      return within(cell.closest('tr') as HTMLElement);
    };
    expect((await row('Aimbot Pro')).queryByTestId('product-status-badge')).toBeNull();
    const radar = (await row('Radar')).getByTestId('product-status-badge');
    expect(radar).toHaveTextContent(`Em atualização: ${NOTE}`);
    expect(radar).toHaveAttribute('title', NOTE);
    expect(radar.className).toMatch(/amber/);
    const spoofer = (await row('Spoofer')).getByTestId('product-status-badge');
    expect(spoofer).toHaveTextContent('Indisponível');
    expect(spoofer).not.toHaveAttribute('title');
    expect(spoofer.className).toMatch(/red/);
  });

  it('puts a product into "Em atualização" with a note, freezing time, and toasts what the server did', async () => {
    let catalogue = [aProduct()];
    const message = `${productStatusMessages.changed('Em atualização')} ${productStatusMessages.frozen(12)}`;
    const { sent } = stubRoutes({
      'GET /api/products': () => catalogue,
      'PATCH /api/products/:id/operational': ({ params }) => {
        catalogue = [aProduct({ id: params.id, operational: updating })];
        return answer(catalogue[0] as Product, message);
      },
    });
    renderRoutes(routes, '/admin/products');
    const user = await openMenuItem('Aimbot Pro', 'Status operacional…');

    const dialog = await screen.findByRole('dialog', { name: 'Status operacional: Aimbot Pro' });
    const d = within(dialog);
    expect(d.getByRole('radio', { name: /Operacional/ })).toBeChecked();
    const save = d.getByRole('button', { name: 'Salvar status' });
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();
    // The outage's choices appear once a status other than operational is chosen.
    expect(d.queryByRole('switch', { name: 'Congelar o tempo' })).toBeNull();

    await user.click(d.getByRole('radio', { name: /Em atualização/ }));
    const freeze = d.getByRole('switch', { name: 'Congelar o tempo' });
    expect(freeze).toBeChecked();
    expect(freeze).toHaveAccessibleDescription(
      'O tempo dos clientes para enquanto o produto não estiver operacional e é devolvido quando ele voltar.',
    );
    expect(d.getByRole('switch', { name: 'Permitir vendas enquanto isso' })).not.toBeChecked();

    const note = d.getByRole('textbox', { name: 'Nota pública' });
    expect(note).toHaveAttribute('placeholder', NOTE);
    expect(note).toHaveAttribute('maxLength', '280');
    expect(d.getByText('0/280')).toBeInTheDocument();
    await user.click(note);
    await user.paste(NOTE);
    expect(d.getByText(`${String(NOTE.length)}/280`)).toBeInTheDocument();
    await user.type(
      d.getByRole('textbox', { name: 'Motivo (registro de auditoria)' }),
      'Patch 7.02',
    );
    await user.click(save);

    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Status operacional/ })).toBeNull(),
    );
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/products/p1/operational',
      body: {
        status: 'updating',
        note: NOTE,
        freezeTime: true,
        sellWhileDown: false,
        reason: 'Patch 7.02',
      },
    });
    // The list shows the new status once the catalogue is read again.
    expect(await screen.findByTestId('product-status-badge')).toHaveTextContent('Em atualização');
  });

  it('lets time run and keeps selling when the seller turns both switches', async () => {
    const { sent } = stubRoutes({
      'GET /api/products': [aProduct()],
      'PATCH /api/products/:id/operational': answer(aProduct(), 'ok'),
    });
    renderRoutes(routes, '/admin/products');
    const user = await openMenuItem('Aimbot Pro', 'Status operacional…');
    const d = within(await screen.findByRole('dialog'));
    await user.click(d.getByRole('radio', { name: /Indisponível/ }));
    await user.click(d.getByRole('switch', { name: 'Congelar o tempo' }));
    await user.click(d.getByRole('switch', { name: 'Permitir vendas enquanto isso' }));
    await user.click(d.getByRole('button', { name: 'Salvar status' }));
    await screen.findByText('ok');
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
      status: 'unavailable',
      note: null,
      freezeTime: false,
      sellWhileDown: true,
      reason: null,
    });
  });

  it('brings a product back to operational: the outage note is cleared and the time given back announced', async () => {
    const message = `${productStatusMessages.changed('Operacional')} ${productStatusMessages.givenBack(12, '2 d 4 h')}`;
    const { sent } = stubRoutes({
      'GET /api/products': [aProduct({ operational: updating })],
      'PATCH /api/products/:id/operational': answer(aProduct(), message),
    });
    renderRoutes(routes, '/admin/products');
    const user = await openMenuItem('Aimbot Pro', 'Status operacional…');
    const d = within(await screen.findByRole('dialog'));
    expect(d.getByRole('radio', { name: /Em atualização/ })).toBeChecked();
    expect(d.getByRole('textbox', { name: 'Nota pública' })).toHaveValue(NOTE);

    await user.click(d.getByRole('radio', { name: /Operacional/ }));
    expect(d.getByRole('textbox', { name: 'Nota pública' })).toHaveValue('');
    expect(d.getByRole('status')).toHaveTextContent(
      'Ao voltar para Operacional, o tempo congelado é devolvido às assinaturas.',
    );
    expect(d.queryByRole('switch')).toBeNull();
    await user.click(d.getByRole('button', { name: 'Salvar status' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
      status: 'operational',
      note: null,
      reason: null,
    });
  });

  it("keeps the dialog open with the server's refusal", async () => {
    stubRoutes({
      'GET /api/products': [aProduct()],
      'PATCH /api/products/:id/operational': () =>
        jsonResponse(409, { message: productStatusMessages.unchanged, code: 'UNCHANGED' }),
    });
    renderRoutes(routes, '/admin/products');
    const user = await openMenuItem('Aimbot Pro', 'Status operacional…');
    const d = within(await screen.findByRole('dialog'));
    await user.click(d.getByRole('radio', { name: /Em atualização/ }));
    await user.click(d.getByRole('button', { name: 'Salvar status' }));
    expect(await screen.findByText(productStatusMessages.unchanged)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /Status operacional/ })).toBeInTheDocument();
  });
});

describe("a product's status history", () => {
  const history: ProductStatusHistory = {
    items: [
      {
        id: 'psp-3',
        status: 'updating',
        note: NOTE,
        freezeTime: true,
        startedAt: '2026-03-07T12:00:00.000Z',
        endedAt: null,
        durationMs: 3 * HOUR + 10 * 60_000,
        changedBy: 'root',
        reason: 'Patch 7.02',
        subscriptionsAffected: 12,
        givenBackMs: 0,
      },
      {
        id: 'psp-2',
        status: 'unavailable',
        note: null,
        freezeTime: true,
        startedAt: '2026-03-05T08:00:00.000Z',
        endedAt: '2026-03-07T12:00:00.000Z',
        durationMs: 52 * HOUR,
        changedBy: null,
        reason: null,
        subscriptionsAffected: 3,
        givenBackMs: 3 * 52 * HOUR,
      },
      {
        id: 'psp-1',
        status: 'operational',
        note: null,
        freezeTime: true,
        startedAt: '2026-01-01T00:00:00.000Z',
        endedAt: '2026-03-05T08:00:00.000Z',
        durationMs: 45 * 60_000,
        changedBy: null,
        reason: null,
        subscriptionsAffected: 0,
        givenBackMs: 0,
      },
    ],
  };

  it('lists each period newest first with its status, note, who, why, dates, duration and effect', async () => {
    const { sent } = stubRoutes({
      'GET /api/products': [aProduct({ operational: updating })],
      'GET /api/products/:id/status-history': history,
    });
    renderRoutes(routes, '/admin/products');
    await openMenuItem('Aimbot Pro', 'Histórico de status');

    const dialog = await screen.findByRole('dialog', { name: 'Histórico de status: Aimbot Pro' });
    const periods = await within(dialog).findAllByTestId('status-period');
    expect(periods).toHaveLength(3);
    const [current, outage, first] = periods.map((period) => within(period));
    if (!current || !outage || !first) throw new Error('missing periods');

    expect(current.getByText('Em atualização', { exact: false })).toBeInTheDocument();
    expect(current.getByText('3 h 10 min')).toBeInTheDocument();
    expect(current.getByText('atual')).toBeInTheDocument();
    expect(
      current.getByText(`Desde ${formatDateTime('2026-03-07T12:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(current.getByText(NOTE)).toBeInTheDocument();
    expect(current.getByText('Por root')).toBeInTheDocument();
    expect(current.getByText('Motivo: Patch 7.02')).toBeInTheDocument();
    expect(current.getByText('Tempo congelado')).toBeInTheDocument();
    expect(current.getByText('12 assinaturas afetadas')).toBeInTheDocument();

    expect(outage.getByText('Indisponível')).toBeInTheDocument();
    expect(outage.getByText('2 d 4 h')).toBeInTheDocument();
    expect(
      outage.getByText(
        `${formatDateTime('2026-03-05T08:00:00.000Z')} → ${formatDateTime('2026-03-07T12:00:00.000Z')}`,
      ),
    ).toBeInTheDocument();
    expect(outage.getByText('Por Sistema')).toBeInTheDocument();
    expect(outage.getByText('3 assinaturas afetadas')).toBeInTheDocument();
    // Summed over the subscriptions it froze.
    expect(outage.getByText('6 d 12 h devolvidos no total')).toBeInTheDocument();

    expect(first.getByText('Operacional')).toBeInTheDocument();
    expect(first.getByText('45 min')).toBeInTheDocument();
    expect(first.queryByText(/afetad/)).toBeNull();
    expect(sent.map((request) => request.url)).toContain('/api/products/p1/status-history');
  });

  it('says when there is nothing yet and offers a retry when it cannot load', async () => {
    let fail = true;
    stubRoutes({
      'GET /api/products': [aProduct()],
      'GET /api/products/:id/status-history': () =>
        fail ? jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }) : { items: [] },
    });
    renderRoutes(routes, '/admin/products');
    const user = await openMenuItem('Aimbot Pro', 'Histórico de status');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Não foi possível carregar o histórico.')).toBeInTheDocument();
    fail = false;
    await user.click(dialog.getByRole('button', { name: 'Tentar novamente' }));
    expect(await dialog.findByText('Nenhuma mudança de status registrada.')).toBeInTheDocument();
  });
});
