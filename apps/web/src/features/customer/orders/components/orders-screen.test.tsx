import type { OrderEntry } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/api-stub';
import { anOrder, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { renderRoutes } from '@/testing/render-routes';

beforeEach(() => signInAsClient());
afterEach(() => vi.unstubAllGlobals());

const entries: OrderEntry[] = [
  {
    id: 'order-2',
    type: 'order',
    product_name: 'Wallhack',
    duration_type: 'weekly',
    amount: 19.9,
    method: 'pix',
    status: 'awaiting_payment',
    created_at: '2030-01-16T12:00:00.000Z',
  },
  {
    id: 'order-1',
    type: 'order',
    product_name: 'Aimbot Pro',
    duration_type: 'monthly',
    amount: 49.9,
    method: 'balance',
    status: 'completed',
    created_at: '2030-01-15T12:00:00.000Z',
  },
  {
    id: 'dep-1',
    type: 'deposit',
    product_name: null,
    duration_type: null,
    amount: 100,
    method: 'pix',
    status: 'approved',
    created_at: '2030-01-14T12:00:00.000Z',
  },
];

/** The customer's history in two pages, and the receipts of two orders; any other is not theirs. */
const ordersApi: Routes = {
  'GET /api/orders': ({ query }) => {
    const page = Number(query.get('page'));
    return { items: page === 2 ? [] : entries, total: 23, page, pageSize: 20 };
  },
  'GET /api/orders/order-1': () =>
    anOrder({
      method: 'pix',
      paid_from_balance: 20,
      deposit: {
        id: 'dep-9',
        amount: 29.9,
        reference: 'K7M39QXA',
        status: 'approved',
        gateway: 'manual',
        gateway_payment_id: null,
      },
    }),
  'GET /api/orders/order-mp': () =>
    anOrder({
      id: 'order-mp',
      method: 'pix',
      paid_from_balance: 0,
      deposit: {
        id: 'dep-10',
        amount: 49.9,
        reference: 'MP4X7Q2Z',
        status: 'approved',
        gateway: 'mercadopago',
        gateway_payment_id: '1320000001',
      },
    }),
  'GET /api/orders/:id': () =>
    jsonResponse(404, { message: 'Pedido não encontrado.', code: 'NOT_FOUND' }),
};

describe('/dashboard/orders', () => {
  it('lists purchases and deposits with date, item, amount, method and status, paged', async () => {
    const { sent } = stubRoutes(ordersApi);
    renderRoutes(customerTestRoutes, '/dashboard/orders');
    const list = await screen.findByRole('list', { name: 'Histórico' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Wallhack \(Semanal\)Aguardando pagamento.*· PIXR\$ 19,90$/),
      expect.stringMatching(/^Aimbot Pro \(Mensal\)Concluído.*· SaldoR\$ 49,90$/),
      expect.stringMatching(/^Depósito de saldoAprovado.*· PIXR\$ 100,00$/),
    ]);
    expect(
      within(rows[1]!).getByRole('link', { name: 'Ver recibo: Aimbot Pro (Mensal)' }),
    ).toHaveAttribute('href', '/dashboard/orders/order-1');
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: /próxima/i }));
    expect(sent.at(-1)?.url).toBe('/api/orders?page=2&pageSize=20');
  });

  it('shows a printable receipt of an order', async () => {
    stubRoutes(ordersApi);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(customerTestRoutes, '/dashboard/orders/order-1');
    expect(await screen.findByRole('heading', { name: 'Recibo de compra' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('Vendedor')).toBe('Loja Exemplo');
    expect(value('Comprador')).toBe('ana · ana@example.com');
    expect(value('Produto')).toBe('Aimbot Pro');
    expect(value('Plano')).toBe('Mensal (30 dias)');
    expect(value('Valor')).toBe('R$ 49,90');
    expect(value('Pagamento')).toBe('PIX');
    expect(value('Pago com o saldo')).toBe('R$ 20,00');
    expect(value('Pago por PIX')).toBe('R$ 29,90');
    expect(value('Referência do PIX')).toBe('K7M39QXA');
    // A manual PIX went to the seller's key: no intermediary to name.
    expect(screen.queryByText('Intermediador')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('names Mercado Pago and its payment id beside the PIX reference', async () => {
    stubRoutes(ordersApi);
    renderRoutes(customerTestRoutes, '/dashboard/orders/order-mp');
    expect(await screen.findByRole('heading', { name: 'Recibo de compra' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('Pago por PIX')).toBe('R$ 49,90');
    expect(value('Referência do PIX')).toBe('MP4X7Q2Z');
    expect(value('Intermediador')).toBe('Mercado Pago · pagamento nº 1320000001');
    expect(screen.queryByText('Pago com o saldo')).not.toBeInTheDocument();
  });

  it('says when the order is not the caller’s (404)', async () => {
    stubRoutes(ordersApi);
    renderRoutes(customerTestRoutes, '/dashboard/orders/de-outro');
    expect(await screen.findByText('Pedido não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });
});
