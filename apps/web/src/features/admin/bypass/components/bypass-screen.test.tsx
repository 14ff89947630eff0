import { messages } from '@chaveiro/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { emulatePhone } from '@/testing/viewport';
import { running, paused, renderScreen, writes, rowOf } from '../testing/bypass-stub';

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
    renderScreen([], {
      'GET /api/bypass/uids': () =>
        jsonResponse(403, { message: 'Sem permissão.', code: 'FORBIDDEN' }),
    });
    expect(await screen.findByText(messages.errors.loadFailed)).toBeInTheDocument();
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
