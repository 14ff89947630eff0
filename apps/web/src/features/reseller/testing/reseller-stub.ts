import type { ResellerKeysPage } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { ResellerDashboardScreen } from '../components/reseller-dashboard-screen';
import {
  aimPro,
  aResellerAnalytics,
  aStats,
  freeKey,
  usedKey,
  wallhack,
} from './reseller-fixtures';

/** The reseller's dashboard as the router mounts it. */
export const resellerRoutes = [{ path: '/reseller/dashboard', Component: ResellerDashboardScreen }];
/** The keys a purchase answers with. */
export const bought = ['KEYAAAAAAAAAAAAAA1', 'KEYAAAAAAAAAAAAAA2', 'KEYAAAAAAAAAAAAAA3'];

/** One page of the reseller's keys. */
export function page(items = [usedKey, freeKey], total = items.length): ResellerKeysPage {
  return { items, total, page: 1, pageSize: 20 };
}

/** The reseller API as the screen sees it; `overrides` replace or add routes. */
export function stubReseller(overrides: Routes = {}, stats = aStats()) {
  return stubRoutes({
    'GET /api/reseller/stats': stats,
    'GET /api/reseller/products': [aimPro, wallhack],
    'GET /api/reseller/keys': page(),
    'GET /api/reseller/analytics': aResellerAnalytics(),
    ...overrides,
  }).sent;
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
export function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A figure of the purchase summary, by its label. */
export function summary(label: string) {
  const list = document.querySelector<HTMLElement>('dl[aria-label="Resumo da compra"]');
  return within(list!).getByText(label).nextElementSibling?.textContent;
}

/** Picks a product in "Comprar chaves". */
export async function chooseProduct(user: ReturnType<typeof userEvent.setup>, name = 'Aim Pro') {
  await user.selectOptions(await screen.findByLabelText('Produto'), name);
}
