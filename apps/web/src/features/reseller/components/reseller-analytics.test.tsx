import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubRoutes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aResellerAnalytics, signInAsReseller } from '../testing/reseller-fixtures';
import { ResellerAnalytics } from './reseller-analytics';

beforeEach(() => signInAsReseller());
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/reseller/dashboard', Component: ResellerAnalytics }];

describe('reseller analytics', { timeout: 20_000 }, () => {
  it("charts the reseller's own keys for the period in the URL", async () => {
    const user = userEvent.setup();
    const { sent } = stubRoutes({ 'GET /api/reseller/analytics': aResellerAnalytics() });
    const router = renderRoutes(routes, '/reseller/dashboard?periodo=90');
    const card = (title: string) => screen.getByRole('group', { name: title });

    expect(await screen.findByText('10/11/2026 a 12/11/2026')).toBeInTheDocument();
    expect(sent[0]?.url).toBe('/api/reseller/analytics?period=90');
    expect(within(card('Compradas no período')).getByText('25')).toBeInTheDocument();
    expect(
      within(card('Compradas no período')).getByText('sem dados anteriores'),
    ).toBeInTheDocument();
    expect(within(card('Resgates no período')).getByText('-20%')).toBeInTheDocument();
    expect(within(card('Gasto no período')).getByText('R$ 270,00')).toBeInTheDocument();
    expect(within(card('Gasto no período')).getByText('-10%')).toBeInTheDocument();

    const keys = within(await screen.findByRole('region', { name: 'Chaves por dia' }));
    await user.click(keys.getByRole('button', { name: 'Ver tabela' }));
    const first = keys.getByRole('rowheader', { name: '10/11/2026' }).closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20', '3']);
    const spent = within(screen.getByRole('region', { name: 'Gasto por dia' }));
    await user.click(spent.getByRole('button', { name: 'Ver tabela' }));
    expect(spent.getByRole('rowheader', { name: '12/11/2026' }).closest('tr')).toHaveTextContent(
      'R$ 20,00',
    );

    const aim = screen.getByRole('cell', { name: 'Aim Pro' }).closest('tr')!;
    expect(
      within(aim)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Aim Pro', '20', '8', 'R$ 250,00']);

    await user.click(screen.getByRole('button', { name: '7 dias' }));
    expect(router.state.location.search).toBe('?periodo=7');
    await waitFor(() =>
      expect(sent.map((r) => r.url)).toContain('/api/reseller/analytics?period=7'),
    );
  });
});
