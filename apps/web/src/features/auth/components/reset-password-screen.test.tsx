import { labels, messages } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { ResetPasswordScreen } from './reset-password-screen';

const t = labels.auth;
const routes = [{ path: '/reset-password', Component: ResetPasswordScreen }];

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

async function submit(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(t.newPassword), password);
  await user.type(screen.getByLabelText(t.confirmPassword), confirmation);
  await user.click(screen.getByRole('button', { name: t.resetPassword }));
}

describe('/reset-password', () => {
  it('asks for at least 8 characters', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(routes, '/reset-password?token=abc');
    await submit('1234567', '1234567');

    expect(await screen.findByText(messages.validation.resetPasswordMin)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('asks for a matching confirmation', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(routes, '/reset-password?token=abc');
    await submit('segredo-novo', 'segredo-nova');

    expect(await screen.findByText(messages.validation.passwordsDoNotMatch)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('sets the new password with the token and links to /auth', async () => {
    const sent = stubApi(() => jsonResponse(200, { message: messages.auth.passwordReset }));
    renderRoutes(routes, '/reset-password?token=abc');
    await submit('segredo-novo', 'segredo-novo');

    expect(await screen.findByText(messages.auth.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.goToLogin })).toHaveAttribute('href', '/auth');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { password: 'segredo-novo', token: 'abc' },
      },
    ]);
  });

  it('shows the invalid state when the server refuses a spent token', async () => {
    stubApi(() =>
      jsonResponse(400, { message: messages.errors.tokenInvalidOrExpired, code: 'TOKEN_INVALID' }),
    );
    renderRoutes(routes, '/reset-password?token=usado');
    await submit('segredo-novo', 'segredo-novo');

    expect(
      await screen.findAllByText(new RegExp(messages.errors.tokenInvalidOrExpired)),
    ).toHaveLength(2);
    expect(screen.getByRole('link', { name: t.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says the token is invalid and toasts once when it is missing', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderRoutes(routes, '/reset-password');

    expect(await screen.findByText(/Token inválido ou expirado/)).toBeInTheDocument();
    expect(await screen.findAllByText(messages.errors.resetTokenMissing)).toHaveLength(1);
    expect(screen.queryByLabelText(t.newPassword)).not.toBeInTheDocument();
  });
});
