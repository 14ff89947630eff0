import { messages, type CheckoutResponse } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type SentRequest } from '@/testing/api-stub';
import { anOrder, signInAsClient } from '@/testing/customer-fixtures';
import { openShop, stubShop } from '@/testing/shop-stub';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const checkouts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST' && request.url === '/api/shop/checkout');

describe('buying from the shop', { timeout: 20_000 }, () => {
  it('confirms with the resulting balance, buys, toasts and shows the new subscription', async () => {
    const message = messages.shop.purchased('Aimbot Pro', '14/02/2030');
    const { seller: _s, buyer: _b, ...order } = anOrder();
    const sent = stubShop({
      checkout: () =>
        jsonResponse(200, {
          message,
          balance: 10.1,
          order,
          deposit: null,
          instructions: null,
        } satisfies CheckoutResponse),
    });
    const { router, user } = await openShop();
    await user.click(screen.getByRole('button', { name: 'Comprar Aimbot Pro' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmar compra' });
    expect(within(dialog).getByText('Aimbot Pro — plano Mensal (30 dias).')).toBeInTheDocument();
    const lines = within(dialog)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    expect(lines).toEqual(['R$ 60,00', '− R$ 49,90', 'R$ 10,10']);
    expect(within(dialog).getByText(/A assinatura é ativada agora e vale até/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Saldo/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(checkouts(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/shop/checkout',
        body: { productId: 'p-aim', durationType: 'monthly', payWith: 'balance' },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The subscription card, scrolled to and outlined (the shop's own card is gone).
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Aimbot Pro' })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Minhas Assinaturas' })).toBeInTheDocument();
  });

  it('tells an existing subscription is extended', async () => {
    stubShop();
    const { user } = await openShop();
    await user.click(screen.getByRole('button', { name: 'Comprar Wallhack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar compra' });
    expect(
      within(dialog).getByText('Sua assinatura atual será estendida em 14 dias, até 24/01/2999.'),
    ).toBeInTheDocument();
  });

  it('prefills the shortfall by PIX, shows the instructions and completes by itself', async () => {
    const instructions = {
      method: 'pix' as const,
      pix_key: 'pix@example.com',
      beneficiary: 'Loja Exemplo',
      amount: 29.9,
      reference: 'K7M39QXA',
      pix_code:
        '00020126360014br.gov.bcb.pix0114pix@example.com5204000053039865405' + '29.905802BR',
      expires_at: null,
      gateway: 'manual' as const,
    };
    const {
      seller: _s,
      buyer: _b,
      ...awaiting
    } = anOrder({
      status: 'awaiting_payment',
      method: 'pix',
      paid_from_balance: 20,
      subscription_id: null,
      completed_at: null,
      deposit: {
        id: 'dep-1',
        amount: 29.9,
        reference: 'K7M39QXA',
        status: 'pending',
        gateway: 'manual',
        gateway_payment_id: null,
      },
    });
    let paid = false;
    const sent = stubShop({
      balance: 20,
      checkout: () =>
        jsonResponse(200, {
          message: messages.orders.awaitingPayment('R$ 29,90'),
          balance: 20,
          order: awaiting,
          deposit: {
            id: 'dep-1',
            amount: 29.9,
            method: 'pix',
            reference: 'K7M39QXA',
            status: 'pending',
            reject_reason: null,
            created_at: '2030-01-15T12:00:00.000Z',
            decided_at: null,
            gateway: 'manual',
            expires_at: null,
            order_id: 'order-1',
          },
          instructions,
        } satisfies CheckoutResponse),
      order: () =>
        paid
          ? anOrder({ ...awaiting, status: 'completed', subscription_id: 'sub-new' })
          : anOrder(awaiting),
    });
    const { router, user } = await openShop();
    await user.click(screen.getByRole('button', { name: 'Comprar Aimbot Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar compra' });
    expect(
      within(dialog).getByText(
        'Seu saldo não cobre este plano: faltam R$ 29,90. Pague por PIX e a compra é concluída sozinha assim que o pagamento for confirmado.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Saldo/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /PIX de R\$ 29,90/ })).toBeChecked();
    const lines = within(dialog)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    expect(lines).toEqual(['R$ 20,00', '− R$ 49,90', 'R$ 20,00', 'R$ 29,90']);

    const pay = within(dialog).getByRole('button', { name: 'Pagar R$ 29,90 por PIX' });
    expect(pay).toBeEnabled();
    await user.click(pay);
    expect(checkouts(sent).map((request) => request.body)).toEqual([
      { productId: 'p-aim', durationType: 'monthly', payWith: 'pix' },
    ]);
    const pixStep = await screen.findByRole('dialog', { name: 'Pague com PIX' });
    expect(within(pixStep).getByText('K7M39QXA')).toBeInTheDocument();
    expect(within(pixStep).getByRole('status')).toHaveTextContent(
      'Aguardando a confirmação do pagamento...',
    );

    // The admin (or the gateway) confirms the PIX: the dialog sees the order complete.
    paid = true;
    const done = await screen.findByRole(
      'dialog',
      { name: 'Compra concluída!' },
      { timeout: 8_000 },
    );
    await user.click(within(done).getByRole('button', { name: 'Ver minhas assinaturas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Aimbot Pro' })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
  });

  it('pays the whole price by PIX when chosen', async () => {
    const sent = stubShop({
      balance: 20,
      checkout: () => jsonResponse(409, { message: 'Teste', code: 'CONFLICT' }),
    });
    const { user } = await openShop();
    await user.click(screen.getByRole('button', { name: 'Comprar Aimbot Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar compra' });
    await user.click(within(dialog).getByRole('radio', { name: /valor total/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pagar R$ 49,90 por PIX' }));
    await waitFor(() =>
      expect(checkouts(sent).map((request) => request.body)).toEqual([
        { productId: 'p-aim', durationType: 'monthly', payWith: 'pix', pixAmount: 'full' },
      ]),
    );
  });

  it('shows the server refusal and stays in the shop', async () => {
    stubShop({
      checkout: () =>
        jsonResponse(409, { message: 'Saldo insuficiente.', code: 'INSUFFICIENT_BALANCE' }),
    });
    const { router, user } = await openShop();
    await user.click(screen.getByRole('button', { name: 'Comprar Aimbot Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar compra' });
    await user.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    expect(await screen.findByText('Saldo insuficiente.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/shop');
  });
});
