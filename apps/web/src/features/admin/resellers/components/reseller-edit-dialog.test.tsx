import { messages } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SentRequest } from '@/testing/api-stub';
import {
  chooseRowAction,
  renderResellersScreen,
  signInAsAdminForEachTest,
  stubResellersApi,
} from '../testing/reseller-fixtures';

signInAsAdminForEachTest();

const v = messages.validation;
const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH');

async function openEditDialog() {
  const sent = stubResellersApi({
    'PATCH /api/users/:id/account': { message: messages.admin.accountUpdated },
  });
  const user = await renderResellersScreen();
  await chooseRowAction(user, 'marina', 'Alterar dados');
  const dialog = within(await screen.findByRole('dialog', { name: 'Alterar dados' }));
  return { sent, user, dialog };
}

describe('edit reseller dialog', { timeout: 20_000 }, () => {
  it('starts with the current data and nothing to save', async () => {
    const { dialog } = await openEditDialog();
    expect(dialog.getByLabelText('Username')).toHaveValue('marina');
    expect(dialog.getByLabelText('E-mail')).toHaveValue('marina@exemplo.com');
    expect(dialog.getByLabelText('Nova senha (opcional)')).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Salvar alterações' })).toBeDisabled();
  });

  it('shows the spec messages for a short username, a bad e-mail and a short password', async () => {
    const { sent, user, dialog } = await openEditDialog();
    await user.clear(dialog.getByLabelText('Username'));
    await user.type(dialog.getByLabelText('Username'), 'ma');
    await user.clear(dialog.getByLabelText('E-mail'));
    await user.type(dialog.getByLabelText('E-mail'), 'marina@');
    await user.type(dialog.getByLabelText('Nova senha (opcional)'), '1234567');
    await user.click(dialog.getByRole('button', { name: 'Salvar alterações' }));

    expect(await dialog.findByText(v.resellerUsernameMin)).toBeInTheDocument();
    expect(dialog.getByText(v.resellerEmailInvalid)).toBeInTheDocument();
    expect(dialog.getByText(v.passwordMin)).toBeInTheDocument();
    expect(patches(sent)).toHaveLength(0);
  });

  it('sends username and e-mail without a password when the password box is empty', async () => {
    const { sent, user, dialog } = await openEditDialog();
    await user.clear(dialog.getByLabelText('Username'));
    await user.type(dialog.getByLabelText('Username'), 'marina_revenda');
    await user.click(dialog.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText(messages.admin.accountUpdated)).toBeInTheDocument();
    expect(patches(sent)).toEqual([
      {
        method: 'PATCH',
        url: '/api/users/reseller-marina/account',
        body: { username: 'marina_revenda', email: 'marina@exemplo.com' },
      },
    ]);
  });

  it('sends the new password when one is typed', async () => {
    const { sent, user, dialog } = await openEditDialog();
    await user.type(dialog.getByLabelText('Nova senha (opcional)'), 'nova-senha-9');
    await user.click(dialog.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText(messages.admin.accountUpdated)).toBeInTheDocument();
    expect(patches(sent)[0]?.body).toEqual({
      username: 'marina',
      email: 'marina@exemplo.com',
      password: 'nova-senha-9',
    });
  });
});
