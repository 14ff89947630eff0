import { accountMessages, messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import {
  RECOVERY_CODES,
  openSection,
  recordSounds,
  stubProfile,
  textOf,
} from '../testing/profile-stub';

const v = messages.validation;

beforeEach(() => {
  signInAsClient();
  recordSounds();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('profile screen: two-factor authentication', () => {
  it('enables 2FA with a code and the password, then shows the 10 recovery codes once', async () => {
    let enabled = false;
    const sent = stubApi(({ method, url }) => {
      if (url === '/api/profile/sessions') return jsonResponse(200, { sessions: [] });
      if (url === '/api/notifications/preferences') {
        return jsonResponse(200, { productStatusMail: true });
      }
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
});
