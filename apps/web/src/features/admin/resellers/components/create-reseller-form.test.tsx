import { messages } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type Routes, type SentRequest } from '@/testing/api-stub';
import {
  renderResellersScreen,
  signInAsAdminForEachTest,
  stubResellersApi,
} from '../testing/reseller-fixtures';

signInAsAdminForEachTest();

const v = messages.validation;

const createRoute: Routes = {
  'POST /api/resellers': ({ body }) => {
    const promoted = (body as { type: string }).type === 'existing';
    return jsonResponse(201, {
      message: promoted ? messages.resellers.promoted : messages.resellers.created,
      id: 'reseller-new',
      balance: 0,
    });
  },
};

const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');
const newButton = () => screen.getByRole('button', { name: 'Criar revendedor' });
const promoteButton = () => screen.getByRole('button', { name: 'Promover a revendedor' });

describe('create reseller form', { timeout: 20_000 }, () => {
  it('asks for the fields of a new user and sends nothing while they are empty', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    expect(screen.getByRole('radio', { name: 'Criar novo usuário' })).toBeChecked();
    await user.click(newButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(v.resellerFieldsRequired);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(sent)).toHaveLength(0);
  });

  it('shows the spec message of each invalid field of a new user', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.type(screen.getByLabelText('Senha'), '1234567');
    await user.click(newButton());

    expect(await screen.findByText(v.resellerUsernameMin)).toBeInTheDocument();
    expect(screen.getByText(v.resellerEmailInvalid)).toBeInTheDocument();
    expect(screen.getByText(v.passwordMin)).toBeInTheDocument();
    expect(screen.queryByText(v.resellerFieldsRequired)).not.toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);
  });

  it('refuses a negative initial balance', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    await user.type(screen.getByLabelText('Username'), 'revenda_sul');
    await user.type(screen.getByLabelText('E-mail'), 'sul@exemplo.com');
    await user.type(screen.getByLabelText('Senha'), 'senha-forte-1');
    await user.type(screen.getByLabelText('Saldo inicial (R$)'), '-10');
    await user.click(newButton());

    expect(await screen.findByText(messages.resellers.initialBalanceInvalid)).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);
  });

  it('sends only the new user fields and the initial balance, then toasts and clears', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    await user.type(screen.getByLabelText('Username'), 'revenda_sul');
    await user.type(screen.getByLabelText('E-mail'), 'Sul@Exemplo.com');
    await user.type(screen.getByLabelText('Senha'), 'senha-forte-1');
    await user.type(screen.getByLabelText('Saldo inicial (R$)'), '150.5');
    await user.click(newButton());

    expect(await screen.findByText(messages.resellers.created)).toBeInTheDocument();
    expect(posts(sent).map((request) => request.body)).toEqual([
      {
        type: 'new',
        username: 'revenda_sul',
        email: 'sul@exemplo.com',
        password: 'senha-forte-1',
        initialBalance: 150.5,
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue(''));
    expect(screen.getByLabelText('Saldo inicial (R$)')).toHaveValue(null);
  });

  it('demands a client when promoting an existing user', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    await user.click(screen.getByRole('radio', { name: 'Usar cliente existente' }));
    await user.click(promoteButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(v.resellerFieldsRequired);
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(sent)).toHaveLength(0);
  });

  it('searches the clients as the admin types and sends only the chosen userId', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    await user.click(screen.getByRole('radio', { name: 'Usar cliente existente' }));
    await user.type(screen.getByRole('combobox', { name: 'Cliente' }), 'jo');
    await waitFor(() =>
      expect(sent.map((request) => request.url)).toContain('/api/users/clients?q=jo'),
    );
    await user.click(await screen.findByRole('option', { name: 'joana' }));
    expect(screen.getByText('Selecionado: joana')).toBeInTheDocument();
    await user.click(promoteButton());

    expect(await screen.findByText(messages.resellers.promoted)).toBeInTheDocument();
    expect(posts(sent).map((request) => request.body)).toEqual([
      { type: 'existing', userId: 'user-joana', initialBalance: 0 },
    ]);
  });

  it('picks a client with the arrow keys and Enter without submitting the form', async () => {
    const sent = stubResellersApi(createRoute);
    const user = await renderResellersScreen();
    await user.click(screen.getByRole('radio', { name: 'Usar cliente existente' }));
    const combobox = screen.getByRole('combobox', { name: 'Cliente' });
    await screen.findByRole('option', { name: 'jorge' });
    await user.click(combobox);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(screen.getByRole('option', { name: 'jorge' })).toHaveAttribute('aria-selected', 'true');
    expect(posts(sent)).toHaveLength(0);
    await user.type(screen.getByLabelText('Saldo inicial (R$)'), '20');
    await user.click(promoteButton());
    await screen.findByText(messages.resellers.promoted);
    expect(posts(sent)[0]?.body).toEqual({
      type: 'existing',
      userId: 'user-jorge',
      initialBalance: 20,
    });
  });
});
