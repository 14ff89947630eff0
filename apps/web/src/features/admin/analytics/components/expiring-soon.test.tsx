import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { emulatePhone } from '@/testing/viewport';
import { expiringPage, sevenDays } from '../testing/analytics-fixtures';
import { ExpiringSoon } from './expiring-soon';
import { ResellerLeaderboard } from './reseller-leaderboard';

signInAsAdminForEachTest();

const routes = [
  {
    path: '/admin/dashboard',
    Component: () => (
      <>
        <ExpiringSoon />
        <ResellerLeaderboard />
      </>
    ),
  },
];

const analyticsApi: Routes = {
  'GET /api/analytics/expiring': ({ query }) =>
    query.get('page') === '2' ? expiringPage({ items: [], page: 2 }) : expiringPage(),
  'GET /api/analytics': sevenDays(),
};

describe('expiring soon and the reseller leaderboard', { timeout: 20_000 }, () => {
  it('lists who is expiring, linked to the customer page, with the revenue at stake', async () => {
    const user = userEvent.setup();
    const { sent } = stubRoutes(analyticsApi);
    const router = renderRoutes(routes, '/admin/dashboard');

    expect(await screen.findByText('Receita em risco: R$ 612,30')).toBeInTheDocument();
    const joana = screen.getByRole('link', { name: 'joana' });
    expect(joana).toHaveAttribute('href', '/admin/users/user-joana');
    const row = joana.closest('tr')!;
    expect(within(row).getByText('Aim Pro')).toBeInTheDocument();
    expect(within(row).getByText('R$ 49,90')).toBeInTheDocument();
    const pedro = screen.getByRole('link', { name: 'pedro' }).closest('tr')!;
    expect(within(pedro).getByText('—')).toBeInTheDocument();
    expect(sent.map((r) => r.url)).toContain('/api/analytics/expiring?page=1&pageSize=10');

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(router.state.location.search).toBe('?expirando.page=2');
    await waitFor(() =>
      expect(sent.map((r) => r.url)).toContain('/api/analytics/expiring?page=2&pageSize=10'),
    );
    expect(
      await screen.findByText('Nenhuma assinatura expira nos próximos 7 dias.'),
    ).toBeInTheDocument();
  });

  it('ranks resellers by keys sold, linked to their page unless the account is gone', async () => {
    stubRoutes(analyticsApi);
    renderRoutes(routes, '/admin/dashboard');
    const board = within(
      (await screen.findByText('Ranking de revendedores')).closest<HTMLElement>(
        '[data-slot=card]',
      )!,
    );
    const ana = await board.findByRole('link', { name: 'loja_ana' });
    expect(ana).toHaveAttribute('href', '/admin/users/r-ana');
    expect(
      within(ana.closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1º', 'loja_ana', '120', '80', 'R$ 1.500,00']);
    const gone = board.getByText('Conta excluída');
    expect(gone.closest('a')).toBeNull();
    expect(
      within(gone.closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2º', 'Conta excluída', '10', '1', 'R$ 40,50']);
  });

  it('shows both lists as cards on a phone', async () => {
    emulatePhone();
    stubRoutes(analyticsApi);
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'joana' })).toHaveAttribute(
      'href',
      '/admin/users/user-joana',
    );
    expect(await screen.findByRole('link', { name: 'loja_ana' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
