import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi, stubRoutes } from '@/testing/api-stub';
import {
  bruno,
  chooseRowAction,
  marina,
  page,
  renderResellersScreen,
  signInAsAdminForEachTest,
  stubResellersApi,
} from '../testing/reseller-fixtures';

signInAsAdminForEachTest();

/** The cells of `username`'s row: reseller, balance, status, actions. */
const cellsOf = async (username: string) => {
  const row = (await screen.findByText(username)).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return within(row).getAllByRole('cell');
};

const listReads = (sent: { method: string; url: string }[]) =>
  sent.filter((request) => request.method === 'GET' && request.url.startsWith('/api/resellers?'));

describe('/admin/resellers table', { timeout: 20_000 }, () => {
  it('lists each reseller with e-mail, balance in R$ and status', async () => {
    const sent = stubResellersApi();
    await renderResellersScreen();

    const [reseller, balance, status] = await cellsOf('marina');
    expect(reseller).toHaveTextContent('marina@exemplo.com');
    expect(balance).toHaveTextContent(/^R\$ 1\.234,56$/);
    expect(status).toHaveTextContent(/^Ativo$/);
    const [, brunoBalance, brunoStatus] = await cellsOf('bruno');
    expect(brunoBalance).toHaveTextContent(/^R\$ 0,00$/);
    expect(brunoStatus).toHaveTextContent(/^Banido$/);
    expect(screen.getByText('2 revendedores')).toBeInTheDocument();
    expect(listReads(sent)[0]?.url).toBe('/api/resellers?page=1&pageSize=20');
  });

  it('says so when there is no reseller yet', async () => {
    stubResellersApi({}, { resellers: [] });
    await renderResellersScreen();
    expect(await screen.findByText('Nenhum revendedor cadastrado.')).toBeInTheDocument();
  });

  it('shows the load error when the list cannot be read', async () => {
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    await renderResellersScreen();
    expect(await screen.findByText(messages.errors.loadFailed)).toBeInTheDocument();
  });

  it('searches on the server and pages through the results', async () => {
    const { sent } = stubRoutes({
      'GET /api/users/clients': [],
      'GET /api/resellers': ({ query }) => {
        const pageNumber = Number(query.get('page'));
        return page(pageNumber === 2 ? [bruno] : [marina], 21, pageNumber);
      },
    });
    const user = await renderResellersScreen();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por username ou e-mail' }), 'ma');
    await waitFor(() =>
      expect(listReads(sent).map((request) => request.url)).toContain(
        '/api/resellers?q=ma&page=1&pageSize=20',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('bruno')).toBeInTheDocument();
    expect(listReads(sent).at(-1)?.url).toBe('/api/resellers?q=ma&page=2&pageSize=20');
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
  });
});

describe('sort', () => {
  it('sorts by balance from its header, highest first, then lowest', async () => {
    const sent = stubResellersApi({}, { resellers: [marina, bruno] });
    const user = await renderResellersScreen();
    await user.click(await screen.findByRole('button', { name: /Ordenar por saldo/ }));
    await waitFor(() =>
      expect(listReads(sent).at(-1)?.url).toBe(
        '/api/resellers?page=1&pageSize=20&sort=balance%3Adesc',
      ),
    );
    expect(screen.getByRole('columnheader', { name: /Saldo/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: /Ordenar por saldo/ }));
    await waitFor(() =>
      expect(listReads(sent).at(-1)?.url).toBe(
        '/api/resellers?page=1&pageSize=20&sort=balance%3Aasc',
      ),
    );
  });
});

describe('ban and unban', { timeout: 20_000 }, () => {
  it('offers Banir for an active reseller and bans after confirmation', async () => {
    const sent = stubResellersApi({
      'PATCH /api/users/:id/status': { message: messages.admin.userBanned },
    });
    const user = await renderResellersScreen();
    await user.click(await screen.findByRole('button', { name: 'Ações do revendedor marina' }));
    expect(await screen.findByRole('menuitem', { name: 'Banir' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Desbanir' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Banir' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Banir revendedor?' });
    const readsBefore = listReads(sent).length;
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));

    expect(await screen.findByText(messages.admin.userBanned)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/users/reseller-marina/status',
      body: { status: 'banned' },
    });
    await waitFor(() => expect(listReads(sent).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('gives the focus back to the row menu when a dialog it opened closes', async () => {
    stubResellersApi();
    const user = await renderResellersScreen();
    const menu = await screen.findByRole('button', { name: 'Ações do revendedor marina' });
    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Banir' }));
    expect(await screen.findByRole('alertdialog', { name: 'Banir revendedor?' })).toBeVisible();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('offers Desbanir for a banned reseller and reactivates it', async () => {
    const sent = stubResellersApi({
      'PATCH /api/users/:id/status': { message: messages.admin.userUnbanned },
    });
    const user = await renderResellersScreen();
    await chooseRowAction(user, 'bruno', 'Desbanir');
    const dialog = await screen.findByRole('alertdialog', { name: 'Desbanir revendedor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desbanir' }));

    expect(await screen.findByText(messages.admin.userUnbanned)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/users/reseller-bruno/status',
      body: { status: 'active' },
    });
  });
});
