import { messages, type Settings } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { SettingsScreen } from './settings-screen';

const text = messages.settings;

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** A server that keeps the settings it is sent, answering like the real one. */
function stubSettingsApi(initial: Partial<Settings> = {}) {
  const settings: Settings = {
    server_status: 'online',
    maintenance_mode: 'off',
    pause_all_users: 'off',
    ...initial,
  };
  const pricing = { discountPercent: 0 };
  const sent = stubApi(({ method, url, body }: SentRequest) => {
    if (method === 'GET' && url === '/api/settings') return jsonResponse(200, settings);
    if (url === '/api/settings/reseller-pricing') {
      if (method === 'PUT') Object.assign(pricing, body);
      return jsonResponse(200, {
        ...(method === 'PUT' ? { message: messages.resellerPricing.discountSaved } : {}),
        ...pricing,
      });
    }
    if (method === 'PATCH' && url === '/api/settings') {
      const { key, value } = body as { key: keyof Settings; value: string };
      Object.assign(settings, { [key]: value });
      const message =
        key === 'pause_all_users'
          ? value === 'on'
            ? text.allPaused(3)
            : text.allResumed(3)
          : text.updated;
      return jsonResponse(200, { message, ...settings });
    }
    if (url === '/api/admin-actions/reset-all-hwids') {
      return jsonResponse(200, { message: text.hwidsReset(4), count: 4 });
    }
    if (url === '/api/admin-actions/delete-all-users') {
      return jsonResponse(200, { message: text.usersDeleted(7), count: 7 });
    }
    return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  });
  return sent;
}

const settingsReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && request.url === '/api/settings').length;
const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');

/** Confirms the open global-switch confirmation, checking what it says will happen. */
async function confirmIn(
  user: ReturnType<typeof userEvent.setup>,
  title: string,
  confirm: string,
  says?: RegExp,
) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  if (says) expect(dialog).toHaveAccessibleDescription(says);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
}

async function renderScreen() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/admin/settings', Component: SettingsScreen }], '/admin/settings');
  await screen.findByRole('radiogroup', { name: 'Status do servidor' });
  return user;
}

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

  it('saves the global reseller discount, showing what a plan then costs resellers', async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();
    const field = await screen.findByLabelText('Desconto global de revenda (%)');
    await waitFor(() => expect(field).toHaveValue(0));
    await user.clear(field);
    await user.type(field, '12.5');
    // R$ 49,90 less 12,5 % is 43,6625: rounded to R$ 43,66, as the server does.
    expect(
      screen.getByText(
        'Exemplo: um plano de R$ 49,90 sai por R$ 43,66 para revendedores (arredondado ao centavo).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar desconto' }));
    expect(await screen.findByText(messages.resellerPricing.discountSaved)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PUT',
      url: '/api/settings/reseller-pricing',
      body: { discountPercent: 12.5 },
    });

    await user.clear(field);
    await user.type(field, '95');
    await user.click(screen.getByRole('button', { name: 'Salvar desconto' }));
    expect(await screen.findByText(messages.resellerPricing.discountInvalid)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
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

  it('shows the load error when the settings cannot be read', async () => {
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    renderRoutes([{ path: '/admin/settings', Component: SettingsScreen }], '/admin/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.errors.loadFailed);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
