import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { stubSettingsApi, posts, renderScreen } from '../testing/settings-stub';

const text = messages.settings;

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('/admin/settings: mass actions', { timeout: 20_000 }, () => {
  it('resets all HWIDs only after the confirmation', async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();

    await user.click(screen.getByRole('button', { name: 'Resetar HWIDs' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Resetar todos os HWIDs?' });
    expect(dialog).toHaveTextContent('Contas de administradores não são afetadas.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Resetar HWIDs' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Resetar todos os HWIDs?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resetar todos' }));
    expect(await screen.findByText(text.hwidsReset(4))).toBeInTheDocument();
    expect(posts(sent)).toEqual([
      { method: 'POST', url: '/api/admin-actions/reset-all-hwids', body: undefined },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('deletes all users only after the confirmation word is typed', async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();

    await user.click(screen.getByRole('button', { name: 'Excluir usuários' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir todos os usuários?' });
    expect(dialog).toHaveTextContent(
      'Todas as contas de clientes e revendedores serão excluídas, com suas assinaturas',
    );
    expect(dialog).toHaveTextContent('Contas de administradores são mantidas.');
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.');

    const confirm = within(dialog).getByRole('button', { name: 'Excluir todos os usuários' });
    const word = within(dialog).getByLabelText('Digite EXCLUIR para confirmar');
    expect(confirm).toBeDisabled();
    await user.type(word, 'EXCLUI{Enter}');
    expect(confirm).toBeDisabled();
    expect(posts(sent)).toHaveLength(0);

    await user.clear(word);
    await user.type(word, 'Excluir');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText(text.usersDeleted(7))).toBeInTheDocument();
    expect(posts(sent)).toEqual([
      { method: 'POST', url: '/api/admin-actions/delete-all-users', body: undefined },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // Opening it again starts from an empty confirmation.
    await user.click(screen.getByRole('button', { name: 'Excluir usuários' }));
    expect(await screen.findByLabelText('Digite EXCLUIR para confirmar')).toHaveValue('');
  });
});
