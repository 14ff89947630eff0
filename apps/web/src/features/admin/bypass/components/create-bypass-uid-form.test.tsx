import { messages } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { running, renderScreen, writes } from '../testing/bypass-stub';

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
    renderScreen([running], {
      'POST /api/bypass/uids': () =>
        jsonResponse(409, { message: messages.bypass.uidTaken, code: 'UID_TAKEN' }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('UID'), 'PLAYER_ONE');
    await user.selectOptions(screen.getByLabelText('Duração'), '1 dia');
    await user.click(screen.getByRole('button', { name: 'Adicionar UID' }));
    expect(await screen.findByText(messages.bypass.uidTaken)).toBeInTheDocument();
    expect(screen.queryByText('UID criado com sucesso!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('UID')).toHaveValue('PLAYER_ONE');
  });
});
