import { accountMessages, messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeToken, getToken } from '@/lib/session';
import { jsonResponse, stubApi, type ApiHandler } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';

const v = messages.validation;
const played: string[] = [];

beforeEach(() => {
  signInAsClient();
  played.length = 0;
  vi.stubGlobal(
    'Audio',
    class {
      volume = 1;
      constructor(readonly src: string) {}
      play() {
        played.push(this.src);
        return Promise.resolve();
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function stubProfile(write: ApiHandler = () => jsonResponse(500, {}), profile = aProfile()) {
  return stubApi((request) => {
    if (request.method !== 'GET') return write(request);
    if (request.url === '/api/profile/sessions') return jsonResponse(200, { sessions: [] });
    return jsonResponse(200, profile);
  });
}

const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, index) => `ACEF${String(index)}-GHJK${String(index)}`,
);

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

async function openSection(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return user;
}

describe('profile screen', () => {
  it('shows the username, the e-mail and a pending e-mail change', async () => {
    stubProfile(undefined, aProfile({ pending_email: 'nova@exemplo.com' }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText('ana@exemplo.com')).toBeInTheDocument();
    expect(screen.getByText(/Aguardando confirmação de nova@exemplo.com/)).toBeInTheDocument();
  });

  it('opens "Adicionar e-mail" for an account without one (made by a KeyAuth loader)', async () => {
    stubProfile(undefined, aProfile({ email: null }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText('Sem e-mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar e-mail' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByLabelText('Novo e-mail')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Alterar e-mail' })).not.toBeInTheDocument();
  });

  it('validates the three forms with the spec messages', async () => {
    const sent = stubProfile();
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    let user = await openSection('Alterar username');
    const username = screen.getByLabelText('Novo username');
    await user.clear(username);
    await user.type(username, 'ab');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(v.profileUsernameMin)).toBeInTheDocument();

    user = await openSection('Alterar e-mail');
    await user.type(screen.getByLabelText('Novo e-mail'), 'nao-e-email');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(v.profileEmailInvalid)).toBeInTheDocument();

    user = await openSection('Alterar senha');
    await user.type(screen.getByLabelText('Nova senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(v.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(v.newPasswordMin)).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('changes the username, stores the new token and plays the success sound', async () => {
    const token = fakeToken({ role: 'client', username: 'ana_nova', exp: epochSeconds(3600) });
    const sent = stubProfile(() =>
      jsonResponse(200, { message: messages.profile.usernameUpdated, token }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Alterar username');
    const field = screen.getByLabelText('Novo username');
    await user.clear(field);
    await user.type(field, 'ana_nova');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.profile.usernameUpdated)).toBeInTheDocument();
    expect(decodeToken(getToken())?.username).toBe('ana_nova');
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/profile',
      body: { username: 'ana_nova' },
    });
    expect(played).toEqual(['/sounds/success.wav']);
  });

  it('shows the server message for a wrong current password and plays the error sound', async () => {
    stubProfile(() =>
      jsonResponse(400, { message: messages.profile.passwordWrong, code: 'WRONG_PASSWORD' }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Alterar senha');
    await user.type(screen.getByLabelText('Senha atual'), 'errada-123');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.profile.passwordWrong)).toBeInTheDocument();
    expect(played).toEqual(['/sounds/error.wav']);
  });

  it('asks to confirm the new password and refuses two that differ', async () => {
    const sent = stubProfile(() =>
      jsonResponse(200, { message: messages.profile.passwordUpdated }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Alterar senha');
    await user.type(screen.getByLabelText('Senha atual'), 'senha-atual-1');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-124');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar nova senha')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((r) => r.method !== 'GET')).toHaveLength(0);

    const confirm = screen.getByLabelText('Confirmar nova senha');
    await user.clear(confirm);
    await user.type(confirm, 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.profile.passwordUpdated)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/profile/password',
      body: { currentPassword: 'senha-atual-1', newPassword: 'nova-senha-123' },
    });
  });

  it('enables 2FA with a code and the password, then shows the 10 recovery codes once', async () => {
    let enabled = false;
    const sent = stubApi(({ method, url }) => {
      if (url === '/api/profile/sessions') return jsonResponse(200, { sessions: [] });
      if (method === 'GET') {
        return jsonResponse(
          200,
          aProfile({ is_two_factor_enabled: enabled, recovery_codes_remaining: enabled ? 10 : 0 }),
        );
      }
      if (url === '/api/profile/2fa/generate') {
        return jsonResponse(200, {
          qrCodeUrl: 'data:image/png;base64,AAAA',
          secret: 'JBSWY3DPEHPK3PXP',
          message: messages.profile.twoFactorGenerated,
        });
      }
      enabled = true;
      return jsonResponse(200, {
        message: messages.profile.twoFactorEnabled,
        recoveryCodes: RECOVERY_CODES,
      });
    });
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Ativar');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const code = within(dialog).getByLabelText('Código de 6 dígitos');
    expect(code).toHaveAttribute('maxlength', '6');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText(v.currentPasswordRequired)).toBeInTheDocument();
    expect(sent.find((r) => r.url === '/api/profile/2fa/verify')).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Senha atual'), 'senha-atual-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const list = await within(dialog).findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(within(dialog).getByText(accountMessages.recoveryCodesShownOnce)).toBeInTheDocument();
    expect(sent.find((r) => r.url === '/api/profile/2fa/verify')?.body).toEqual({
      token: '123456',
      currentPassword: 'senha-atual-1',
    });

    await user.click(within(dialog).getByRole('button', { name: /Copiar códigos/ }));
    expect(await screen.findByText(accountMessages.recoveryCodesCopied)).toBeInTheDocument();
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));

    await user.click(within(dialog).getByRole('button', { name: /Baixar .txt/ }));
    expect(clicked).toHaveBeenCalled();
    expect(clicked.mock.contexts[0]).toMatchObject({
      download: accountMessages.recoveryCodesFileName,
    });
    const file = await textOf(saved[0]!);
    expect(file.startsWith(accountMessages.recoveryCodesFileHeader('ana'))).toBe(true);
    expect(file).toContain(RECOVERY_CODES.join('\n'));
    clicked.mockRestore();

    await user.click(within(dialog).getByRole('button', { name: 'Já guardei meus códigos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ativar' })).toBeDisabled();
    expect(screen.getByText('10 códigos de recuperação restantes')).toBeInTheDocument();
  });

  it('regenerates the recovery codes with the password and a current code', async () => {
    const sent = stubProfile(
      () =>
        jsonResponse(200, {
          message: accountMessages.recoveryCodesRegenerated,
          recoveryCodes: RECOVERY_CODES,
        }),
      aProfile({ is_two_factor_enabled: true, recovery_codes_remaining: 1 }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText('1 código de recuperação restante')).toBeInTheDocument();
    const user = await openSection('Gerar novos códigos');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Senha atual'), 'senha-atual-1');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novos códigos' }));
    expect(
      await within(dialog).findByText(accountMessages.secondFactorInvalid),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toBeUndefined();
    await user.type(within(dialog).getByLabelText(accountMessages.secondFactorLabel), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novos códigos' }));
    expect(
      await within(dialog).findByRole('list', { name: 'Códigos de recuperação' }),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/profile/2fa/recovery-codes',
      body: { currentPassword: 'senha-atual-1', totp: '123456' },
    });
  });

  it('disables 2FA with the password and a recovery code, and shows a refusal', async () => {
    let answer = jsonResponse(400, {
      message: accountMessages.passwordWrong,
      code: 'PASSWORD_WRONG',
    });
    const sent = stubProfile(
      () => answer,
      aProfile({ is_two_factor_enabled: true, recovery_codes_remaining: 9 }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Desativar');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await within(dialog).findByText(v.currentPasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(accountMessages.secondFactorInvalid)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Senha atual'), 'errada-123');
    await user.type(
      within(dialog).getByLabelText(accountMessages.secondFactorLabel),
      'acefg-hjkmn',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText(accountMessages.passwordWrong)).toBeInTheDocument();

    answer = jsonResponse(200, { message: messages.profile.twoFactorDisabled });
    const password = within(dialog).getByLabelText('Senha atual');
    await user.clear(password);
    await user.type(password, 'senha-atual-1');
    await user.type(within(dialog).getByLabelText(accountMessages.secondFactorLabel), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText(messages.profile.twoFactorDisabled)).toBeInTheDocument();
    expect(sent.filter((r) => r.url === '/api/profile/2fa/disable').map((r) => r.body)).toEqual([
      { currentPassword: 'errada-123', totp: 'acefg-hjkmn' },
      { currentPassword: 'senha-atual-1', totp: '123456' },
    ]);
  });

  it('asks the current password for a new e-mail, and the 2FA code when 2FA is on', async () => {
    const sent = stubProfile(
      () => jsonResponse(200, { message: messages.profile.emailChangeSent }),
      aProfile({ is_two_factor_enabled: true, recovery_codes_remaining: 10 }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Alterar e-mail');
    await user.type(screen.getByLabelText('Novo e-mail'), 'nova@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(v.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.secondFactorRequired)).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toHaveLength(0);

    await user.type(screen.getByLabelText('Senha atual'), 'senha-atual-1');
    await user.type(screen.getByLabelText(accountMessages.secondFactorLabel), '654321');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
        url: '/api/profile',
        body: { email: 'nova@exemplo.com', currentPassword: 'senha-atual-1', totp: '654321' },
      }),
    );
  });

  it('sends no code with a password change while 2FA is off, and one when it is on', async () => {
    const sent = stubProfile(
      () => jsonResponse(200, { message: messages.profile.passwordUpdated }),
      aProfile({ is_two_factor_enabled: true, recovery_codes_remaining: 10 }),
    );
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Alterar senha');
    await user.type(screen.getByLabelText('Senha atual'), 'senha-atual-1');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-123');
    // A recovery code typed with spaces around its dash is kept whole (the server accepts it).
    await user.type(screen.getByLabelText(accountMessages.secondFactorLabel), 'ACEFG - HJKMN');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.profile.passwordUpdated)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      currentPassword: 'senha-atual-1',
      newPassword: 'nova-senha-123',
      totp: 'ACEFG - HJKMN',
    });
  });

  it('offers the 4 avatar presets and selects one', async () => {
    const sent = stubProfile(() => jsonResponse(200, { message: messages.profile.avatarUpdated }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Trocar avatar');
    const sheet = await screen.findByRole('dialog');
    const options = within(sheet).getAllByRole('button', { name: /^Avatar \d$/ });
    expect(options).toHaveLength(4);
    await user.click(options[2]!);
    expect(await screen.findByText(messages.profile.avatarUpdated)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      avatarUrl: '/api/avatars/shapes.svg?seed=ana',
    });
  });

  it('uploads an own PNG picture from the avatar sheet', async () => {
    const uploaded = aProfile({ avatar_url: `/api/files/${'a'.repeat(64)}` });
    const sent = stubProfile(() => jsonResponse(200, uploaded));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Trocar avatar');
    const picker = await screen.findByLabelText('Enviar imagem (PNG ou JPEG, até 2 MB)');
    expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(
      picker,
      new File([new Uint8Array([0x89, 0x50])], 'eu.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Avatar atualizado com sucesso!')).toBeInTheDocument();
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.url).toContain('/api/profile/avatar/upload');
    expect(played).toContain('/sounds/success.wav');
  });

  it('explains a load failure', async () => {
    stubApi(() => jsonResponse(403, { message: 'x', code: 'FORBIDDEN' }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText(messages.errors.profileLoadFailed)).toBeInTheDocument();
  });
});
