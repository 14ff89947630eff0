import type { UserListItem } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { joana, signInAsAdminForEachTest, pageOf } from '@/testing/admin-fixtures';
import { stubRoutes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { UsersScreen } from './users-screen';

signInAsAdminForEachTest();

const pedro: UserListItem = { ...joana, id: 'user-pedro', user: 'pedro', status: 'banned' };
const rui: UserListItem = {
  ...joana,
  id: 'user-rui',
  user: 'rui',
  role: 'reseller',
  balance: 12.5,
};

function open(path = '/admin/users', total = 3) {
  const { sent } = stubRoutes({
    'GET /api/users': { ...pageOf([joana, pedro, rui]), total },
    'POST /api/users/bulk': { message: '3 usuários banidos.', count: 3, skipped: 0 },
  });
  renderRoutes([{ path: '/admin/users', Component: UsersScreen }], path);
  return { sent, user: userEvent.setup() };
}

const listReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && request.url.startsWith('/api/users?'));

describe('/admin/users table', { timeout: 20_000 }, () => {
  it('reads filters and sort from the URL, shows role and balance, links usernames', async () => {
    const { sent, user } = open('/admin/users?role=reseller&sort=balance:desc');
    expect(await screen.findByRole('link', { name: 'rui' })).toHaveAttribute(
      'href',
      '/admin/users/user-rui',
    );
    expect(listReads(sent)[0]?.url).toContain('role=reseller');
    expect(listReads(sent)[0]?.url).toContain('sort=balance%3Adesc');
    expect(screen.getByLabelText('Filtrar por tipo de conta')).toHaveValue('reseller');
    expect(screen.getByRole('columnheader', { name: /Saldo/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const row = screen.getByRole('link', { name: 'rui' }).closest('tr');
    expect(row).toHaveTextContent('Reseller');
    expect(row).toHaveTextContent('R$ 12,50');

    await user.selectOptions(screen.getByLabelText('Filtrar por status'), 'banned');
    await waitFor(() => expect(listReads(sent).at(-1)?.url).toContain('status=banned'));
    await user.click(screen.getByRole('button', { name: /Ordenar por usuário/ }));
    await waitFor(() => expect(listReads(sent).at(-1)?.url).toContain('sort=username%3Aasc'));
  });

  it('bans the selected page after a confirmation stating the count', async () => {
    const { sent, user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar a página' }));
    const bar = screen.getByRole('region', { name: 'Ações em massa' });
    expect(within(bar).getByText('3 usuários selecionados')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Banir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Banir 3 usuários?' });
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));
    expect(await screen.findByText('3 usuários banidos.')).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/users/bulk',
      body: { action: 'ban', ids: ['user-joana', 'user-pedro', 'user-rui'] },
    });
  });

  it('offers every matching user once the page is selected and sends the filters', async () => {
    const { sent, user } = open('/admin/users?status=active&q=jo', 57);
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar a página' }));
    await user.click(screen.getByRole('button', { name: 'Selecionar todos os 57 resultados' }));
    const bar = screen.getByRole('region', { name: 'Ações em massa' });
    await user.click(within(bar).getByRole('button', { name: 'Desbanir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desbanir 57 usuários?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desbanir' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: '/api/users/bulk',
        body: { action: 'unban', filter: { q: 'jo', role: 'all', status: 'active' } },
      }),
    );
  });
});
