import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { NEW_KEY, renderScreen, writes } from '../testing/bypass-stub';

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in module state, which would leak into the next test.
  toast.dismiss();
});

// User-event typing is slow on the shared 2-core machines; the default 5 s is too tight.
describe('/admin/bypass: API keys', { timeout: 20_000 }, () => {
  it('lists keys by name, prefix, date and state, with the curl usage example', async () => {
    renderScreen();
    const active = (await screen.findByText('Servidor do jogo')).closest('tr') as HTMLElement;
    expect(within(active).getByText('chv_ab12cd34…')).toBeInTheDocument();
    expect(within(active).getByText('Ativa')).toBeInTheDocument();
    const revoked = screen.getByText('Antiga').closest('tr') as HTMLElement;
    expect(within(revoked).getByText('Revogada')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        `curl -H "X-Api-Key: SUA_CHAVE" ${window.location.origin}/api/bypass/check/{uid}`,
      ),
    ).toBeInTheDocument();
  });

  it('asks for a name before creating a key', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText(messages.bypass.apiKeyNameRequired)).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
  });

  it('shows the new key once, copies it, and never again after closing', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome da chave'), 'Bot do Discord');
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));

    const dialog = await screen.findByRole('dialog', { name: 'Chave de API criada' });
    expect(writes(sent)).toEqual([
      { method: 'POST', url: '/api/bypass/api-keys', body: { name: 'Bot do Discord' } },
    ]);
    expect(within(dialog).getByText(messages.bypass.apiKeyCreated)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Chave de API')).toHaveValue(NEW_KEY);
    await user.click(within(dialog).getByRole('button', { name: 'Copiar chave' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(await screen.findByText('Chave copiada!')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Já copiei, fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(NEW_KEY);
    expect(screen.getByLabelText('Nome da chave')).toHaveValue('');
  });

  it('revokes a key after confirmation', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Revogar a chave Servidor do jogo (chv_ab12cd34…)',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Revogar a chave de API?' });
    expect(writes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revogar chave' }));
    expect(await screen.findByText(messages.bypass.apiKeyRevoked)).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: 'DELETE', url: '/api/bypass/api-keys/key-1', body: undefined },
    ]);
  });
});
