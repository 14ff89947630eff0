import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { joana, products, signInAsAdmin, pageOf } from '@/testing/admin-fixtures';
import { UsersScreen } from './users-screen';

beforeEach(signInAsAdmin);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The users screen's reads: one user (joana) with one subscription, and the products. */
const usersApi: Routes = {
  'GET /api/users': pageOf([joana]),
  'GET /api/products': products,
  [`GET /api/users/${joana.id}/subscriptions`]: [
    {
      id: 'sub-1',
      name: 'Valorant Pro',
      status: 'active',
      created_at: '2026-03-05T12:00:00.000Z',
      expires_at: '2026-12-05T12:00:00.000Z',
    },
  ],
};

async function openManageDialog() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/', Component: UsersScreen }], '/');
  await user.click(await screen.findByRole('button', { name: `Gerenciar ${joana.user}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Gerenciar Usuário' });
  return { user, dialog };
}

// The first render transforms the whole screen; jsdom is slow on a busy machine.
describe('manage user dialog', { timeout: 20_000 }, () => {
  it("shows 'Não definido' for a user without HWID and moves between sub-views with Voltar", async () => {
    stubRoutes(usersApi);
    const { user, dialog } = await openManageDialog();
    expect(within(dialog).getByText('Não definido')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Banir usuário' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Alterar e-mail' }));
    expect(within(dialog).getByLabelText('Novo e-mail')).toHaveValue(joana.email);
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(within(dialog).queryByLabelText('Novo e-mail')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remover assinatura' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Remover Valorant Pro' }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(
      within(dialog).getByRole('button', { name: 'Adicionar assinatura' }),
    ).toBeInTheDocument();
  });

  it("links to the user's page with 'Ver detalhes'", async () => {
    stubRoutes(usersApi);
    const { dialog } = await openManageDialog();
    expect(within(dialog).getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute(
      'href',
      `/admin/users/${joana.id}`,
    );
  });

  it("gives the focus back to the row's Gerenciar button on Esc", async () => {
    stubRoutes(usersApi);
    const { user } = await openManageDialog();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Gerenciar Usuário' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Gerenciar ${joana.user}` })).toHaveFocus(),
    );
  });

  it('focuses the first field of a sub-view, and the menu again after Voltar', async () => {
    stubRoutes(usersApi);
    const { user, dialog } = await openManageDialog();
    expect(within(dialog).getByRole('button', { name: 'Alterar username' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Alterar e-mail' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Novo e-mail')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Alterar username' })).toHaveFocus(),
    );

    // Keyboard only: Enter on a menu entry, then Esc closes the dialog from the sub-view.
    await user.keyboard('{Tab}{Tab}{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('Novo e-mail')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Gerenciar Usuário' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Gerenciar ${joana.user}` })).toHaveFocus(),
    );
  });

  it('requires a product before adding a subscription', async () => {
    const { sent } = stubRoutes(usersApi);
    const { user, dialog } = await openManageDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar assinatura' }));
    expect(within(dialog).getByLabelText('Dias')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Devices')).toHaveValue(1);

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar assinatura' }));
    expect(await within(dialog).findByText(messages.validation.productRequired)).toBeVisible();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('adds a subscription, toasts the server message, closes and refetches the users', async () => {
    const { sent } = stubRoutes({
      ...usersApi,
      [`POST /api/users/${joana.id}/subscriptions`]: { message: messages.admin.subscriptionAdded },
    });
    const { user, dialog } = await openManageDialog();
    const listCalls = () => sent.filter((request) => request.url.startsWith('/api/users?')).length;
    const before = listCalls();

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar assinatura' }));
    const select = within(dialog).getByLabelText('Produto');
    await within(select).findByRole('option', { name: 'Valorant Pro' });
    await user.selectOptions(select, 'prod-1');
    const days = within(dialog).getByLabelText('Dias');
    await user.clear(days);
    await user.type(days, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar assinatura' }));

    expect(await screen.findByText(messages.admin.subscriptionAdded)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Gerenciar Usuário' })).not.toBeInTheDocument(),
    );
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      productId: 'prod-1',
      days: 15,
      devices: 1,
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));

    // Opening again starts on the main menu with the defaults back.
    await user.click(screen.getByRole('button', { name: `Gerenciar ${joana.user}` }));
    const reopened = await screen.findByRole('dialog', { name: 'Gerenciar Usuário' });
    await user.click(within(reopened).getByRole('button', { name: 'Adicionar assinatura' }));
    expect(within(reopened).getByLabelText('Dias')).toHaveValue(30);
  });

  it('bans only after a confirmation naming the user', async () => {
    const { sent } = stubRoutes({
      ...usersApi,
      'PATCH /api/users/:id/status': { message: messages.admin.userBanned },
    });
    const { user, dialog } = await openManageDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Banir usuário' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Banir usuário?' });
    expect(within(confirm).getByText(joana.user)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Banir' }));
    expect(await screen.findByText(messages.admin.userBanned)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({
      url: `/api/users/${joana.id}/status`,
      body: { status: 'banned' },
    });
  });
});
