import { messages, type Product } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { ProductDialog } from './product-dialog';

const product: Product = {
  id: 'p1',
  name: 'Aimbot Pro',
  description: 'Mira assistida',
  status: 'active',
  plans: { weekly: 25, monthly: 79.9 },
  resellerPlans: {},
  file: null,
  inUse: false,
};

function renderDialog(edit?: Product) {
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <ProductDialog product={edit} onClose={onClose} /> }], '/');
  return onClose;
}

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductDialog', () => {
  it('requires a name and rejects negative prices with the spec messages', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Diário'), '-5');
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    expect(await screen.findByText(messages.validation.productNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.pricePositive)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('creates a product with only the plans that have a price', async () => {
    const sent = stubApi(() =>
      jsonResponse(201, { message: messages.admin.productCreated, product }),
    );
    const onClose = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome'), 'Wallhack');
    await user.type(screen.getByLabelText('Descrição'), 'Visão');
    await user.type(screen.getByLabelText('Semanal'), '19.9');
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    expect(await screen.findByText(messages.admin.productCreated)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/products',
        body: {
          name: 'Wallhack',
          description: 'Visão',
          plans: { daily: null, weekly: 19.9, 'bi-weekly': null, monthly: null },
        },
      },
    ]);
  });

  it('prefills name, description and prices when editing, and saves with PUT', async () => {
    const sent = stubApi(() =>
      jsonResponse(200, { message: messages.admin.productUpdated, product }),
    );
    renderDialog(product);
    expect(await screen.findByLabelText('Nome')).toHaveValue('Aimbot Pro');
    expect(screen.getByLabelText('Descrição')).toHaveValue('Mira assistida');
    expect(screen.getByLabelText('Semanal')).toHaveValue(25);
    expect(screen.getByLabelText('Mensal')).toHaveValue(79.9);
    expect(screen.getByLabelText('Diário')).toHaveValue(null);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText(messages.admin.productUpdated)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: '/api/products/p1',
      body: { plans: { weekly: 25, monthly: 79.9, daily: null, 'bi-weekly': null } },
    });
  });
});
