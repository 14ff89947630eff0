import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { SettingsScreen } from './settings-screen';
import { stubSettingsApi, settingsReads, confirmIn, renderScreen } from '../testing/settings-stub';

const text = messages.settings;

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

// The first render transforms the whole screen; jsdom is slow on a busy machine.
describe('/admin/settings', { timeout: 20_000 }, () => {
  it('shows the stored settings, each control with what it does', async () => {
    stubSettingsApi({ pause_all_users: 'on' });
    await renderScreen();
    expect(screen.getByRole('radio', { name: /Online/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Offline/ })).toHaveAccessibleDescription(
      /O loader recusa todas as autenticações e a área do cliente avisa que o servidor está offline/,
    );
    const maintenance = screen.getByRole('switch', { name: 'Ativar modo de manutenção' });
    expect(maintenance).not.toBeChecked();
    expect(maintenance).toHaveAccessibleDescription(
      /Todos, exceto administradores, veem a página de manutenção/,
    );
    expect(screen.getByRole('switch', { name: 'Pausar todos os usuários' })).toBeChecked();
  });

  it("sets the server offline with the radio and shows the server's message", async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();
    const readsBefore = settingsReads(sent);
    await user.click(screen.getByRole('radio', { name: /Offline/ }));
    await confirmIn(
      user,
      'Colocar o servidor offline?',
      'Ficar offline',
      /nenhum cliente conseguirá usar os produtos/,
    );
    expect(await screen.findByText(text.updated)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/settings',
      body: { key: 'server_status', value: 'offline' },
    });
    expect(screen.getByRole('radio', { name: /Offline/ })).toBeChecked();
    // Every cached query is refreshed after the change.
    await waitFor(() => expect(settingsReads(sent)).toBeGreaterThan(readsBefore));
  });

  it('turns maintenance mode on with the switch', async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();
    await user.click(screen.getByRole('switch', { name: 'Ativar modo de manutenção' }));
    await confirmIn(
      user,
      'Ativar o modo de manutenção?',
      'Ativar manutenção',
      /verão a página de manutenção/,
    );
    expect(await screen.findByText(text.updated)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/settings',
      body: { key: 'maintenance_mode', value: 'on' },
    });
    expect(screen.getByRole('switch', { name: 'Ativar modo de manutenção' })).toBeChecked();
    expect(screen.getByText('Ativado')).toBeInTheDocument();
  });

  it('pauses and unpauses every user with the toggle, showing the counts', async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();
    const toggle = screen.getByRole('switch', { name: 'Pausar todos os usuários' });

    await user.click(toggle);
    await confirmIn(
      user,
      'Pausar todos os usuários?',
      'Pausar todos',
      /Todas as assinaturas em andamento serão congeladas/,
    );
    expect(await screen.findByText(text.allPaused(3))).toBeInTheDocument();
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await confirmIn(
      user,
      'Retomar todos os usuários?',
      'Retomar todos',
      /voltarão a contar o tempo/,
    );
    expect(await screen.findByText(text.allResumed(3))).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(sent.filter((request) => request.method === 'PATCH').map((r) => r.body)).toEqual([
      { key: 'pause_all_users', value: 'on' },
      { key: 'pause_all_users', value: 'off' },
    ]);
  });

  it('keeps the switch where it was and shows the error when the change fails', async () => {
    stubApi(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, {
            server_status: 'online',
            maintenance_mode: 'off',
            pause_all_users: 'off',
          })
        : jsonResponse(400, { message: text.valueInvalid, code: 'VALIDATION_ERROR' }),
    );
    const user = await renderScreen();
    const maintenance = screen.getByRole('switch', { name: 'Ativar modo de manutenção' });
    await user.click(maintenance);
    await confirmIn(user, 'Ativar o modo de manutenção?', 'Ativar manutenção');
    expect(await screen.findByText(text.valueInvalid)).toBeInTheDocument();
    // The confirmation stays open on a failure, like the other confirmations.
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(maintenance).not.toBeChecked();
    expect(maintenance).toBeEnabled();
  });

  it('changes no global switch when its confirmation is cancelled, either way', async () => {
    const sent = stubSettingsApi({ maintenance_mode: 'on', server_status: 'offline' });
    const user = await renderScreen();
    const cancel = async (title: string, says: RegExp) => {
      const dialog = await screen.findByRole('alertdialog', { name: title });
      expect(dialog).toHaveAccessibleDescription(says);
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    };

    await user.click(screen.getByRole('radio', { name: /Online/ }));
    await cancel('Colocar o servidor online?', /voltará a autenticar os clientes/);
    expect(screen.getByRole('radio', { name: /Offline/ })).toBeChecked();

    const maintenance = screen.getByRole('switch', { name: 'Ativar modo de manutenção' });
    await user.click(maintenance);
    await cancel('Desativar o modo de manutenção?', /voltarão a atender clientes e revendedores/);
    expect(maintenance).toBeChecked();

    const pause = screen.getByRole('switch', { name: 'Pausar todos os usuários' });
    await user.click(pause);
    await cancel('Pausar todos os usuários?', /serão congeladas/);
    expect(pause).not.toBeChecked();

    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the load error when the settings cannot be read', async () => {
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    renderRoutes([{ path: '/admin/settings', Component: SettingsScreen }], '/admin/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.errors.loadFailed);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
