import type { ShopProduct } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aDashboard, aSubscription, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';

beforeEach(() => {
  signInAsClient();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('Renovar', () => {
  const product: ShopProduct = {
    id: 'p-aim',
    name: 'Aimbot Pro',
    description: '',
    plans: [
      { duration_type: 'weekly' as const, days: 7, price: 19.9 },
      { duration_type: 'monthly' as const, days: 30, price: 49.9 },
    ],
    owned_until: '2999-01-10T12:00:00.000Z',
    operational_status: 'operational',
    status_note: null,
    purchasable: true,
  };

  /** One subscription to renew, last bought on `durationType`; the checkout lacks balance. */
  function renewalApi(durationType: 'weekly' | null, overrides: Partial<ShopProduct> = {}): Routes {
    const sub = aSubscription();
    return {
      [`GET /api/shop/renewal/${sub.subscription_id}`]: {
        subscription_id: sub.subscription_id,
        product: { ...product, ...overrides },
        duration_type: durationType,
      },
      'POST /api/shop/checkout': () =>
        jsonResponse(409, { message: 'Saldo insuficiente.', code: 'INSUFFICIENT_BALANCE' }),
      'GET /api/client/dashboard': aDashboard({ balance: 100, subscriptions: [sub] }),
    };
  }

  it('opens from the card with the plan last bought, and renews that subscription', async () => {
    const { sent } = stubRoutes(renewalApi('weekly'));
    const router = renderRoutes(customerTestRoutes, '/dashboard');
    const user = userEvent.setup();
    const c = within(await screen.findByRole('article', { name: 'Aimbot Pro' }));
    await user.click(c.getByRole('button', { name: 'Renovar Aimbot Pro' }));
    await screen.findByRole('radio', { name: /Semanal/ });
    const dialog = screen.getByRole('dialog', { name: 'Renovar assinatura' });
    expect(router.state.location.search).toBe(`?renovar=${aSubscription().subscription_id}`);
    expect(within(dialog).getByRole('radio', { name: /Semanal/ })).toBeChecked();
    expect(
      within(dialog).getByText('Sua assinatura atual será estendida em 7 dias, até 17/01/2999.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Renovar' }));
    await waitFor(() =>
      expect(
        sent.filter((request) => request.url === '/api/shop/checkout').map((r) => r.body),
      ).toEqual([
        {
          productId: 'p-aim',
          durationType: 'weekly',
          subscriptionId: aSubscription().subscription_id,
          payWith: 'balance',
        },
      ]),
    );
    expect(await screen.findByText('Saldo insuficiente.')).toBeInTheDocument();
  });

  it('opens straight from a reminder link and lets the customer pick an unknown plan', async () => {
    stubRoutes(renewalApi(null));
    const router = renderRoutes(
      customerTestRoutes,
      `/dashboard?renovar=${aSubscription().subscription_id}`,
    );
    const user = userEvent.setup();
    await screen.findByRole('radio', { name: /Mensal/ });
    const dialog = screen.getByRole('dialog', { name: 'Renovar assinatura' });
    expect(within(dialog).getByText('Escolha um plano para continuar.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Renovar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Mensal/ }));
    expect(within(dialog).getByRole('button', { name: 'Renovar' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why while the product is down and not sold meanwhile, and does not renew', async () => {
    const { sent } = stubRoutes(
      renewalApi('weekly', {
        operational_status: 'updating',
        status_note: 'Volta amanhã.',
        purchasable: false,
      }),
    );
    renderRoutes(customerTestRoutes, `/dashboard?renovar=${aSubscription().subscription_id}`);
    await screen.findByRole('radio', { name: /Semanal/ });
    const dialog = screen.getByRole('dialog', { name: 'Renovar assinatura' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Este produto está em atualização e não pode ser comprado agora. Volta amanhã.',
    );
    expect(within(dialog).getByRole('button', { name: 'Renovar' })).toBeDisabled();
    expect(sent.filter((request) => request.url === '/api/shop/checkout')).toEqual([]);
  });
});
