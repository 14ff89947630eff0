import type { OrderReceipt, ShopProduct } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubRoutes } from './api-stub';
import { aDashboard, aSubscription } from './customer-fixtures';
import { customerTestRoutes } from './customer-routes';
import { renderRoutes } from './render-routes';

/** A product with three plans, none held. */
export const aimbot: ShopProduct = {
  id: 'p-aim',
  name: 'Aimbot Pro',
  description: 'Mira assistida com ajuste fino.',
  plans: [
    { duration_type: 'daily', days: 1, price: 5.9 },
    { duration_type: 'weekly', days: 7, price: 19.9 },
    { duration_type: 'monthly', days: 30, price: 49.9 },
  ],
  owned_until: null,
  operational_status: 'operational',
  status_note: null,
  purchasable: true,
};

/** A product with one plan, held until 2999. */
export const wallhack: ShopProduct = {
  id: 'p-wall',
  name: 'Wallhack',
  description: '',
  plans: [{ duration_type: 'bi-weekly', days: 14, price: 30 }],
  owned_until: '2999-01-10T12:00:00.000Z',
  operational_status: 'operational',
  status_note: null,
  purchasable: true,
};

export interface ShopState {
  products?: ShopProduct[] | 'error';
  balance?: number;
  /** The answer to POST /api/shop/checkout. */
  checkout?: (body: unknown) => Response;
  /** The order GET /api/orders/:id reads, once the checkout made one. */
  order?: () => OrderReceipt;
}

/** The API as the shop sees it; the dashboard reflects a purchase once one completed. */
export function stubShop({
  products = [aimbot, wallhack],
  balance = 60,
  checkout,
  order,
}: ShopState = {}) {
  let bought = false;
  return stubRoutes({
    'GET /api/shop/products': () =>
      products === 'error'
        ? jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' })
        : products,
    ...(order && {
      'GET /api/orders/:id': () => {
        const current = order();
        if (current.status === 'completed') bought = true;
        return current;
      },
    }),
    'GET /api/client/dashboard': () =>
      aDashboard({
        balance: bought ? 10.1 : balance,
        subscriptions: bought
          ? [aSubscription({ subscription_id: 'sub-new', product_name: 'Aimbot Pro' })]
          : [],
      }),
    'POST /api/shop/checkout': ({ body }) => {
      const answer = checkout?.(body) ?? jsonResponse(500, {});
      if (answer.ok && order === undefined) bought = true;
      return answer;
    },
    'GET /api/deposits/availability': { pix: true },
    'GET /api/deposits': { items: [], total: 0, page: 1, pageSize: 5 },
  }).sent;
}

/** /dashboard/shop as the router mounts it, once the products are shown. */
export async function openShop() {
  const router = renderRoutes(customerTestRoutes, '/dashboard/shop');
  await screen.findByRole('article', { name: 'Aimbot Pro' });
  return { router, user: userEvent.setup() };
}
