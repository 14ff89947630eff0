import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type Routes, type SentRequest } from '@/testing/api-stub';
import {
  chooseRowAction,
  renderResellersScreen,
  signInAsAdminForEachTest,
  stubResellersApi,
} from '../testing/reseller-fixtures';

signInAsAdminForEachTest();

const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH');

async function openBalanceDialog(routes: Routes = {}) {
  const sent = stubResellersApi(routes);
  const user = await renderResellersScreen();
  await chooseRowAction(user, 'marina', 'Adicionar/remover saldo');
  const dialog = within(await screen.findByRole('dialog', { name: 'Adicionar ou remover saldo' }));
  return { sent, user, dialog };
}

describe('balance dialog', { timeout: 20_000 }, () => {
  it('keeps save disabled while the amount is empty or zero', async () => {
    const { user, dialog } = await openBalanceDialog();
    expect(dialog.getByText('Saldo atual de marina: R$ 1.234,56.')).toBeInTheDocument();
    const save = dialog.getByRole('button', { name: 'Salvar' });
    const amount = dialog.getByLabelText('Valor (R$)');
    expect(save).toBeDisabled();
    await user.type(amount, '0');
    expect(save).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '10');
    expect(save).toBeEnabled();
    expect(dialog.getByText('Saldo após a alteração: R$ 1.244,56')).toBeInTheDocument();
  });

  it('sends a negative amount to remove balance, toasts and closes', async () => {
    const { sent, user, dialog } = await openBalanceDialog({
      'PATCH /api/resellers/:id/balance': {
        message: messages.resellers.balanceUpdated,
        balance: 1184.56,
      },
    });
    await user.type(dialog.getByLabelText('Valor (R$)'), '-50');
    expect(dialog.getByText('Saldo após a alteração: R$ 1.184,56')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.resellers.balanceUpdated)).toBeInTheDocument();
    expect(patches(sent)).toEqual([
      { method: 'PATCH', url: '/api/resellers/reseller-marina/balance', body: { amount: -50 } },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Adicionar ou remover saldo' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('refuses to remove more than the balance before calling the server', async () => {
    const { sent, user, dialog } = await openBalanceDialog();
    const amount = dialog.getByLabelText('Valor (R$)');
    await user.type(amount, '-1234.57');
    expect(dialog.getByText(messages.resellers.insufficientBalance)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    const save = dialog.getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    await user.type(amount, '{Enter}');
    expect(patches(sent)).toHaveLength(0);

    // Removing the whole balance is allowed.
    await user.clear(amount);
    await user.type(amount, '-1234.56');
    expect(dialog.getByText('Saldo após a alteração: R$ 0,00')).toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('refuses more than the largest adjustment before calling the server', async () => {
    const { sent, user, dialog } = await openBalanceDialog();
    await user.type(dialog.getByLabelText('Valor (R$)'), '1000000.01');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(messages.resellers.amountTooLarge)).toBeInTheDocument();
    expect(patches(sent)).toHaveLength(0);
  });

  it('shows the server 409 when the balance changed meanwhile and stays open', async () => {
    const refused = messages.resellers.insufficientBalance;
    const { user, dialog } = await openBalanceDialog({
      'PATCH /api/resellers/:id/balance': () =>
        jsonResponse(409, { message: refused, code: 'INSUFFICIENT_BALANCE' }),
    });
    await user.type(dialog.getByLabelText('Valor (R$)'), '-50');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));

    expect(await dialog.findByText(refused)).toBeInTheDocument();
    expect(dialog.getByLabelText('Valor (R$)')).toHaveAttribute('aria-invalid', 'true');
    // The spec's error toast carries the same message.
    await waitFor(() => expect(screen.getAllByText(refused)).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Adicionar ou remover saldo' })).toBeInTheDocument();
  });

  it('refuses a third decimal before calling the server', async () => {
    const { sent, user, dialog } = await openBalanceDialog();
    await user.type(dialog.getByLabelText('Valor (R$)'), '1.005');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(messages.resellers.amountInvalid)).toBeInTheDocument();
    expect(patches(sent)).toHaveLength(0);
  });

  it("lists the reseller's recent ledger so the balance can be explained", async () => {
    const { sent, dialog } = await openBalanceDialog();
    const ledger = within(await dialog.findByRole('region', { name: 'Movimentações recentes' }));
    expect(await ledger.findByText('Ajuste manual do administrador')).toBeInTheDocument();
    expect(ledger.getByText('-R$ 200,00')).toBeInTheDocument();
    expect(ledger.getByText('Saldo: R$ 1.234,56')).toBeInTheDocument();
    expect(ledger.getByText(/por admin/)).toBeInTheDocument();
    expect(ledger.getByText('+R$ 1.434,56')).toBeInTheDocument();
    expect(ledger.getByText(/por conta excluída/)).toBeInTheDocument();
    expect(sent.map((request) => request.url)).toContain(
      '/api/resellers/reseller-marina/ledger?page=1&pageSize=10',
    );
  });
});
