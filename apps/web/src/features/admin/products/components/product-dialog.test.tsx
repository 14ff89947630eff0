import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import { messages, type Product } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { ProductDialog } from './product-dialog';

const product: Product = {
  id: 'p1',
  name: 'Aimbot Pro',
  description: 'Mira assistida',
  status: 'active',
  plans: { weekly: 25, monthly: 79.9 },
  resellerPlans: { monthly: 60 },
  file: null,
  loader: null,
  operational: operationalStatus,
  protection: defaultProtection,
  inUse: false,
};

/** The dialog reads the global reseller discount (10 %) for its hints. */
const PRICING = '/api/settings/reseller-pricing';
const pricingApi: Routes = { [`GET ${PRICING}`]: { discountPercent: 10 } };
/** Every request but the discount read: the saves. */
const saves = (sent: SentRequest[]) => sent.filter((request) => request.url !== PRICING);

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
    const { sent } = stubRoutes(pricingApi);
    renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Diário'), '-5');
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    expect(await screen.findByText(messages.validation.productNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.pricePositive)).toBeInTheDocument();
    expect(saves(sent)).toHaveLength(0);
  });

  it('creates a product with only the plans that have a price', async () => {
    const { sent } = stubRoutes({
      ...pricingApi,
      'POST /api/products': () =>
        jsonResponse(201, { message: messages.admin.productCreated, product }),
    });
    const onClose = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome'), 'Wallhack');
    await user.type(screen.getByLabelText('Descrição'), 'Visão');
    await user.type(screen.getByLabelText('Semanal'), '19.9');
    // Without a reseller price of its own, the plan sells to resellers at retail less 10 %.
    expect(
      await screen.findByText(
        'Revenda: R$ 17,91 pelo desconto global de 10% · margem R$ 1,99 (10%)',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Preço revenda (Semanal)'), '14.5');
    expect(screen.getByText('Revenda: R$ 14,50 · margem R$ 5,40 (27,1%)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));

    expect(await screen.findByText(messages.admin.productCreated)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(saves(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/products',
        body: {
          name: 'Wallhack',
          description: 'Visão',
          plans: { daily: null, weekly: 19.9, 'bi-weekly': null, monthly: null },
          resellerPlans: { daily: null, weekly: 14.5, 'bi-weekly': null, monthly: null },
        },
      },
    ]);
  });

  it('prefills name, description and prices when editing, and saves with PUT', async () => {
    const { sent } = stubRoutes({
      ...pricingApi,
      'PUT /api/products/p1': { message: messages.admin.productUpdated, product },
    });
    renderDialog(product);
    expect(await screen.findByLabelText('Nome')).toHaveValue('Aimbot Pro');
    expect(screen.getByLabelText('Descrição')).toHaveValue('Mira assistida');
    expect(screen.getByLabelText('Semanal')).toHaveValue(25);
    expect(screen.getByLabelText('Mensal')).toHaveValue(79.9);
    expect(screen.getByLabelText('Diário')).toHaveValue(null);
    expect(screen.getByLabelText('Preço revenda (Mensal)')).toHaveValue(60);
    expect(screen.getByLabelText('Preço revenda (Semanal)')).toHaveValue(null);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText(messages.admin.productUpdated)).toBeInTheDocument();
    expect(saves(sent)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/products/p1',
      body: {
        plans: { weekly: 25, monthly: 79.9, daily: null, 'bi-weekly': null },
        resellerPlans: { monthly: 60, weekly: null, daily: null, 'bi-weekly': null },
      },
    });
  });

  it('refuses a reseller price above retail or without a retail price', async () => {
    const { sent } = stubRoutes(pricingApi);
    renderDialog(product);
    const user = userEvent.setup();
    const monthly = await screen.findByLabelText('Preço revenda (Mensal)');
    await user.clear(monthly);
    await user.type(monthly, '80');
    await user.type(screen.getByLabelText('Preço revenda (Diário)'), '1');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(
      await screen.findByText(messages.resellerPricing.resellerPriceAboveRetail),
    ).toBeInTheDocument();
    expect(
      screen.getByText(messages.resellerPricing.resellerPriceWithoutRetail),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Preço revenda (Mensal)')).toHaveAttribute('aria-invalid', 'true');
    expect(saves(sent)).toHaveLength(0);
  });
});
