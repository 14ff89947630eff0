import { messages, type BypassApiKey, type BypassUidItem } from '@chaveiro/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { BypassScreen } from './bypass-screen';

const running: BypassUidItem = {
  uid: 'PLAYER_ONE',
  nickname: 'Zé',
  region: 'BR',
  remaining_hours: 24,
  paused: false,
  active: true,
};
const paused: BypassUidItem = {
  uid: 'PAUSED_UID',
  nickname: null,
  region: 'EU',
  remaining_hours: 5.5,
  paused: true,
  active: false,
};
const activeKey: BypassApiKey = {
  id: 'key-1',
  name: 'Servidor do jogo',
  prefix: 'chv_ab12cd34',
  created_at: '2026-01-10T12:00:00.000Z',
  revoked_at: null,
};
const revokedKey: BypassApiKey = {
  id: 'key-2',
  name: 'Antiga',
  prefix: 'chv_zz99yy88',
  created_at: '2025-12-01T12:00:00.000Z',
  revoked_at: '2026-01-01T12:00:00.000Z',
};
const NEW_KEY = `chv_${'A'.repeat(43)}`;

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const ok = (message: string) => jsonResponse(200, { message });

function apiWith(uids: BypassUidItem[], overrides: Override) {
  return (request: SentRequest): Response => {
    const custom = overrides(request);
    if (custom) return custom;
    const { method, url } = request;
    if (method === 'GET' && url.startsWith('/api/bypass/uids'))
      return jsonResponse(200, page(uids));
    if (method === 'GET' && url.startsWith('/api/bypass/api-keys'))
      return jsonResponse(200, page([activeKey, revokedKey]));
    if (method === 'POST' && url === '/api/bypass/uids')
      return jsonResponse(201, { message: messages.success.uidCreated });
    if (method === 'PUT' && url === '/api/bypass/uids/PLAYER_ONE')
      return ok(messages.success.uidUpdated);
    if (method === 'PUT' && url === '/api/bypass/uids/PLAYER_ONE/pause')
      return jsonResponse(200, { message: messages.success.pauseToggled, paused: true });
    if (method === 'DELETE' && url === '/api/bypass/uids/PLAYER_ONE')
      return ok(messages.success.uidDeleted);
    if (method === 'POST' && url === '/api/bypass/api-keys')
      return jsonResponse(201, {
        ...activeKey,
        id: 'key-3',
        name: 'Bot do Discord',
        prefix: NEW_KEY.slice(0, 12),
        message: messages.bypass.apiKeyCreated,
        key: NEW_KEY,
      });
    if (method === 'DELETE' && url === '/api/bypass/api-keys/key-1')
      return ok(messages.bypass.apiKeyRevoked);
    return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  };
}

const routes = [{ path: '/admin/bypass', Component: BypassScreen }];

type Override = (request: SentRequest) => Response | undefined;

function renderScreen(
  uids: BypassUidItem[] = [running, paused],
  overrides: Override = () => undefined,
) {
  const sent = stubApi(apiWith(uids, overrides));
  renderRoutes(routes, '/admin/bypass');
  return sent;
}

const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

async function rowOf(uid: string) {
  const cell = await screen.findByText(uid, { selector: 'td' });
  return cell.closest('tr') as HTMLElement;
}

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
describe('/admin/bypass: create a UID', { timeout: 20_000 }, () => {
  it('shows the spec messages for a short UID and a missing duration, sending nothing', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('UID'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Adicionar UID' }));
    expect(await screen.findByText('UID é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('Selecione uma duração.')).toBeInTheDocument();
    expect(screen.getByLabelText('UID')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(sent)).toEqual([]);
  });

  it('sends the duration in hours as a number, with nickname and region', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('UID'), 'NEW_PLAYER');
    await user.selectOptions(screen.getByLabelText('Duração'), '7 dias');
    await user.type(screen.getByLabelText('Apelido (opcional)'), 'Maria');
    await user.selectOptions(screen.getByLabelText('Região (opcional)'), 'Ásia (ASIA)');
    await user.click(screen.getByRole('button', { name: 'Adicionar UID' }));

    expect(await screen.findByText('UID criado com sucesso!')).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/bypass/uids',
        body: { uid: 'NEW_PLAYER', duration: 168, nickname: 'Maria', region: 'ASIA' },
      },
    ]);
    // The form is cleared for the next UID.
    expect(screen.getByLabelText('UID')).toHaveValue('');
  });

  it('offers exactly 1, 7, 14 and 30 days and leaves out an empty nickname', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const duration = await screen.findByLabelText('Duração');
    const options = within(duration).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('value')])).toEqual([
      ['Selecione a duração', ''],
      ['1 dia', '24'],
      ['7 dias', '168'],
      ['14 dias', '336'],
      ['30 dias', '720'],
    ]);
    await user.type(screen.getByLabelText('UID'), 'ONLY_UID');
    await user.selectOptions(duration, '30 dias');
    await user.click(screen.getByRole('button', { name: 'Adicionar UID' }));
    await screen.findByText('UID criado com sucesso!');
    expect(writes(sent)[0]?.body).toEqual({ uid: 'ONLY_UID', duration: 720, region: 'unknown' });
  });

  it("shows the server's message when the UID already exists", async () => {
    renderScreen([running], (request) =>
      request.method === 'POST' && request.url === '/api/bypass/uids'
        ? jsonResponse(409, { message: messages.bypass.uidTaken, code: 'UID_TAKEN' })
        : undefined,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('UID'), 'PLAYER_ONE');
    await user.selectOptions(screen.getByLabelText('Duração'), '1 dia');
    await user.click(screen.getByRole('button', { name: 'Adicionar UID' }));
    expect(await screen.findByText(messages.bypass.uidTaken)).toBeInTheDocument();
    expect(screen.queryByText('UID criado com sucesso!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('UID')).toHaveValue('PLAYER_ONE');
  });
});

describe('/admin/bypass: the UID list', { timeout: 20_000 }, () => {
  it('lists UID, nickname, region, hours left with 2 decimals and the pt-BR expiry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 2, 1, 12, 0, 0));
    renderScreen();
    const row = await rowOf('PLAYER_ONE');
    expect(within(row).getByText('Zé')).toBeInTheDocument();
    expect(within(row).getByText('BR')).toBeInTheDocument();
    expect(within(row).getByText('24,00')).toBeInTheDocument();
    expect(within(row).getByText('02/03/2026 12:00')).toBeInTheDocument();

    const pausedRow = await rowOf('PAUSED_UID');
    expect(within(pausedRow).getByText('5,50')).toBeInTheDocument();
    expect(within(pausedRow).getByText('Pausado')).toBeInTheDocument();
    expect(within(pausedRow).getByText('EU')).toBeInTheDocument();
    expect(within(pausedRow).getByText('01/03/2026 17:30')).toBeInTheDocument();
  });

  it('counts the hours down every second, but not while paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 10.005 h: 18 s above 10,00, so a few ms of real time cannot cross a boundary.
    renderScreen([{ ...running, remaining_hours: 10.005 }, paused]);
    const row = await rowOf('PLAYER_ONE');
    const pausedRow = await rowOf('PAUSED_UID');
    expect(within(row).getByText('10,00')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(within(row).getByText('10,00')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(within(row).getByText('9,99')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3_600_000);
    });
    expect(within(row).getByText('8,99')).toBeInTheDocument();
    expect(within(pausedRow).getByText('5,50')).toBeInTheDocument();
  });

  it('stops at 0,00 and shows the UID as expired, with pause disabled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderScreen([{ ...running, remaining_hours: 0.01 }]);
    const row = await rowOf('PLAYER_ONE');
    expect(within(row).getByText('0,01')).toBeInTheDocument();
    expect(within(row).queryByText('Expirado')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(40_000);
    });
    expect(within(row).getByText('0,00')).toBeInTheDocument();
    expect(within(row).getByText('Expirado')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Pausar UID PLAYER_ONE' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(within(row).getByText('0,00')).toBeInTheDocument();
  });

  it('shows the empty state, and searches on the server by UID or nickname', async () => {
    const sent = renderScreen([]);
    expect(await screen.findByText('Nenhum UID cadastrado.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar por UID ou apelido'), 'zé');
    expect(await screen.findByText('Nenhum UID encontrado.')).toBeInTheDocument();
    expect(sent.map((request) => request.url)).toContain(
      `/api/bypass/uids?q=${encodeURIComponent('zé')}&page=1&pageSize=20`,
    );
  });

  it('shows the load error when the list cannot be read', async () => {
    renderScreen([], (request) =>
      request.url.startsWith('/api/bypass/uids')
        ? jsonResponse(403, { message: 'Sem permissão.', code: 'FORBIDDEN' })
        : undefined,
    );
    expect(await screen.findByText(messages.errors.loadFailed)).toBeInTheDocument();
  });
});

describe('/admin/bypass: row actions', { timeout: 20_000 }, () => {
  it('edit: save stays disabled while the new UID is empty, then sends newUid', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('PLAYER_ONE')).getByRole('button', { name: 'Editar UID PLAYER_ONE' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar UID' });
    const save = within(dialog).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Novo UID'), '   ');
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Novo UID'));
    await user.type(within(dialog).getByLabelText('Novo UID'), 'PLAYER_TWO');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('UID atualizado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(sent)).toEqual([
      { method: 'PUT', url: '/api/bypass/uids/PLAYER_ONE', body: { newUid: 'PLAYER_TWO' } },
    ]);
  });

  it('edit: a too short UID shows the spec message and sends nothing', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('PLAYER_ONE')).getByRole('button', { name: 'Editar UID PLAYER_ONE' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar UID' });
    await user.type(within(dialog).getByLabelText('Novo UID'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('UID é obrigatório.')).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
  });

  it('pause toggles through the pause call and shows its toast', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('PLAYER_ONE')).getByRole('button', { name: 'Pausar UID PLAYER_ONE' }),
    );
    expect(await screen.findByText('Alteração de pausa executada!')).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: 'PUT', url: '/api/bypass/uids/PLAYER_ONE/pause', body: undefined },
    ]);
    expect(
      within(await rowOf('PAUSED_UID')).getByRole('button', { name: 'Retomar UID PAUSED_UID' }),
    ).toBeEnabled();
  });

  it('delete asks for confirmation first; cancel sends nothing', async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const remove = within(await rowOf('PLAYER_ONE')).getByRole('button', {
      name: 'Excluir UID PLAYER_ONE',
    });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir o UID?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes(sent)).toEqual([]);

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir UID' }),
    );
    expect(await screen.findByText('UID deletado!')).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: 'DELETE', url: '/api/bypass/uids/PLAYER_ONE', body: undefined },
    ]);
  });
});

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

describe('/admin/bypass on a phone', { timeout: 20_000 }, () => {
  it('shows each UID as a card with its time left, status and actions, and no table', async () => {
    emulatePhone();
    const sent = renderScreen();
    const card = (await screen.findByText('PAUSED_UID')).closest('li') as HTMLElement;
    expect(within(card).getByText('Pausado')).toBeInTheDocument();
    expect(within(card).getByText('5,50')).toBeInTheDocument();
    for (const name of [
      'Editar UID PAUSED_UID',
      'Retomar UID PAUSED_UID',
      'Excluir UID PAUSED_UID',
    ]) {
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByText('PLAYER_ONE', { selector: 'td' })).not.toBeInTheDocument();

    const running = screen.getByText('PLAYER_ONE').closest('li') as HTMLElement;
    const user = userEvent.setup();
    await user.click(within(running).getByRole('button', { name: 'Pausar UID PLAYER_ONE' }));
    expect(await screen.findByText(messages.success.pauseToggled)).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: 'PUT', url: '/api/bypass/uids/PLAYER_ONE/pause', body: undefined },
    ]);
  });
});
