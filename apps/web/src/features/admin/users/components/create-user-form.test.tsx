import { messages } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { products, signInAsAdmin, pageOf } from '@/testing/admin-fixtures';
import { UsersScreen } from './users-screen';

beforeEach(signInAsAdmin);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const usersApi: Routes = {
  'POST /api/users': () =>
    jsonResponse(201, { message: messages.admin.userCreated, id: 'user-new' }),
  'GET /api/users': pageOf([]),
  'GET /api/products': products,
};

async function renderScreen() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/', Component: UsersScreen }], '/');
  await screen.findByRole('heading', { name: 'Gerenciar Usuários' });
  return user;
}

const createButton = () => screen.getByRole('button', { name: 'Criar usuário' });

describe('create user form', { timeout: 20_000 }, () => {
  it('shows the spec message of each invalid field and sends nothing', async () => {
    const { sent } = stubRoutes(usersApi);
    const user = await renderScreen();
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.type(screen.getByLabelText('Senha'), '1234567');
    await user.click(createButton());

    expect(await screen.findByText(messages.validation.usernameMin)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.passwordMin)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('demands product, days and devices once the subscription switch is on', async () => {
    const { sent } = stubRoutes(usersApi);
    const user = await renderScreen();
    await user.type(screen.getByLabelText('Username'), 'novo_cliente');
    await user.type(screen.getByLabelText('E-mail'), 'novo@exemplo.com');
    await user.type(screen.getByLabelText('Senha'), 'senha-forte-1');
    await user.click(screen.getByRole('switch', { name: 'Adicionar assinatura' }));
    expect(screen.getByLabelText('Dias')).toHaveValue(30);
    expect(screen.getByLabelText('Devices')).toHaveValue(1);
    await user.click(createButton());

    expect(
      await screen.findByText(messages.validation.subscriptionFieldsRequired),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.selectOptions(await screen.findByLabelText('Produto'), 'prod-1');
    await user.click(createButton());
    expect(await screen.findByText(messages.admin.userCreated)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'novo_cliente',
      email: 'novo@exemplo.com',
      password: 'senha-forte-1',
      subscription: { productId: 'prod-1', days: 30, devices: 1 },
    });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue(''));
  });

  it('sends no subscription while the switch is off', async () => {
    const { sent } = stubRoutes(usersApi);
    const user = await renderScreen();
    await user.type(screen.getByLabelText('Username'), 'sem_plano');
    await user.type(screen.getByLabelText('E-mail'), 'sem@exemplo.com');
    await user.type(screen.getByLabelText('Senha'), 'senha-forte-1');
    await user.click(createButton());

    expect(await screen.findByText(messages.admin.userCreated)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'sem_plano',
      email: 'sem@exemplo.com',
      password: 'senha-forte-1',
    });
  });
});
