import { accountMessages, messages } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeToken, getToken } from '@/lib/session';
import { jsonResponse } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { openSection, played, recordSounds, stubProfile } from '../testing/profile-stub';

const v = messages.validation;

beforeEach(() => {
  signInAsClient();
  recordSounds();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('profile screen: account forms', () => {
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
});
