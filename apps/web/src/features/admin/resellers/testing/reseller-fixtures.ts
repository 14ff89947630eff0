import type { LedgerEntry, Reseller } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { ResellersScreen } from '../components/resellers-screen';

export { signInAsAdmin, signInAsAdminForEachTest } from '@/testing/admin-fixtures';

export const marina: Reseller = {
  id: 'reseller-marina',
  username: 'marina',
  email: 'marina@exemplo.com',
  balance: 1234.56,
  status: 'active',
};

export const bruno: Reseller = {
  id: 'reseller-bruno',
  username: 'bruno',
  email: 'bruno@exemplo.com',
  balance: 0,
  status: 'banned',
};

export const clients = [
  { id: 'user-joana', username: 'joana' },
  { id: 'user-jorge', username: 'jorge' },
];

export const ledgerEntries: LedgerEntry[] = [
  {
    id: 'ledger-2',
    amount: -200,
    reason: 'Ajuste manual do administrador',
    balance_after: 1234.56,
    actor: 'admin',
    created_at: '2026-03-06T15:30:00.000Z',
  },
  {
    id: 'ledger-1',
    amount: 1434.56,
    reason: 'Saldo inicial',
    balance_after: 1434.56,
    actor: null,
    created_at: '2026-03-05T12:00:00.000Z',
  },
];

export function page<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 20) {
  return { items, total, page: pageNumber, pageSize };
}

/**
 * Answers the screen's reads with `resellers`, the clients and the ledger, and `routes` (the
 * mutation under test). Returns every request sent.
 */
export function stubResellersApi(
  routes: Routes = {},
  { resellers = [marina, bruno] }: { resellers?: Reseller[] } = {},
) {
  return stubRoutes({
    'GET /api/resellers': page(resellers),
    'GET /api/users/clients': clients,
    'GET /api/resellers/:id/ledger': page(ledgerEntries, 2, 1, 10),
    ...routes,
  }).sent;
}

export async function renderResellersScreen() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/admin/resellers', Component: ResellersScreen }], '/admin/resellers');
  await screen.findByRole('heading', { name: 'Revendedores' });
  return user;
}

/** Opens a row's menu and picks `item` (e.g. 'Banir'). */
export async function chooseRowAction(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  item: string,
) {
  await user.click(await screen.findByRole('button', { name: `Ações do revendedor ${username}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}
