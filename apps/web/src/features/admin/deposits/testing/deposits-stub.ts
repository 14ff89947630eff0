import type { AdminDeposit, PaymentSettings } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { DepositsScreen } from '../components/deposits-screen';

export function aDeposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id: 'dep-1',
    amount: 1234.5,
    method: 'pix',
    reference: 'K7M39QXA',
    status: 'pending',
    reject_reason: null,
    created_at: '2030-01-10T12:00:00.000Z',
    decided_at: null,
    user: { id: 'u-ana', username: 'ana', email: 'ana@exemplo.com' },
    decided_by: null,
    gateway: 'manual',
    expires_at: null,
    order_id: null,
    gateway_payment_id: null,
    gateway_status: null,
    payer: null,
    paid_at: null,
    refunded_at: null,
    uncovered_amount: null,
    flag: null,
    ...overrides,
  };
}

export const unset = { configured: false, last4: null };

export function settingsOf(overrides: Partial<PaymentSettings> = {}): PaymentSettings {
  return {
    mode: 'manual',
    pix_key: 'pix@chaveiro.com.br',
    pix_beneficiary: 'Chaveiro',
    pix_city: 'Curitiba',
    mercadopago_access_token: unset,
    mercadopago_webhook_secret: unset,
    webhook_url: 'https://loja.example/api/payments/mercadopago/webhook',
    ...overrides,
  };
}

export const rejected = aDeposit({
  id: 'dep-2',
  amount: 8,
  reference: 'RECUS567',
  status: 'rejected',
  reject_reason: 'PIX não encontrado',
  decided_at: '2030-01-11T12:00:00.000Z',
  decided_by: 'chefe',
  user: { id: 'u-bia', username: 'bia', email: 'bia@exemplo.com' },
});

export const page = (items: AdminDeposit[], total = items.length, pageNumber = 1) => ({
  items,
  total,
  page: pageNumber,
  pageSize: 20,
});

export interface DepositsServer {
  rows?: AdminDeposit[];
  pix?: PaymentSettings;
  /** The other calls under test: an approval, an export, … */
  routes?: Routes;
}

/** The admin deposits API: the list of `rows`, the payment settings `pix`, and `routes`. */
export function stubAdmin({ rows = [aDeposit()], pix, routes }: DepositsServer = {}) {
  return stubRoutes({
    'GET /api/admin/deposits': page(rows),
    'GET /api/admin/payment-settings': pix ?? settingsOf(),
    ...routes,
  }).sent;
}

export const listReads = (sent: SentRequest[]) =>
  sent.filter(
    (request) => request.method === 'GET' && request.url.startsWith('/api/admin/deposits?'),
  );

/** /admin/deposits, once its heading is there. */
export async function renderScreen() {
  renderRoutes([{ path: '/admin/deposits', Component: DepositsScreen }], '/admin/deposits');
  await screen.findByRole('heading', { level: 1, name: 'Depósitos' });
  return userEvent.setup();
}

/** The list's row of `username`'s deposit. */
export const rowOf = async (username: string) => {
  const row = (await screen.findByText(username)).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};
