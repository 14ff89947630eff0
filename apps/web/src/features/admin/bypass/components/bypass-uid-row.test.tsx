import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderScreen, writes, rowOf } from '../testing/bypass-stub';

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
