import { accountMessages, labels, messages } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/session';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { authTestRoutes } from '../testing/auth-routes';

const t = labels.auth;

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts outlive the test's render; without this the next toaster would show them again.
  toast.dismiss();
});

function loginAnswer(role: string) {
  return jsonResponse(200, {
    token: fakeToken({ role, username: 'ana', exp: epochSeconds(3600) }),
    role,
    message: messages.success.login,
  });
}

async function fillCredentials(identifier = 'ana', password = 'segredo-forte') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(t.identifier), identifier);
  await user.type(screen.getByLabelText(t.password), password);
  await user.click(screen.getByRole('button', { name: t.login }));
  return user;
}

const loginCalls = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/auth/login');

describe('login form', () => {
  it('asks for the identifier and the password before calling the API', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: t.login }));

    expect(await screen.findByText(messages.validation.identifierRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(t.identifier)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['reseller', '/reseller/dashboard'],
    ['client', '/dashboard'],
  ])('logs the %s in, stores the token and opens %s', async (role, path) => {
    const sent = stubApi(() => loginAnswer(role));
    const router = renderRoutes(authTestRoutes, '/auth');
    await fillCredentials('ana@exemplo.com', 'segredo-forte');
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText(messages.success.login)).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
    expect(loginCalls(sent)[0]?.body).toEqual({
      identifier: 'ana@exemplo.com',
      password: 'segredo-forte',
    });
  });

  it("shows the server's message when the password is wrong, and the fallback when it sends none", async () => {
    let answer = jsonResponse(401, {
      message: messages.auth.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
    stubApi(() => answer);
    renderRoutes(authTestRoutes, '/auth');
    const user = await fillCredentials();
    expect(await screen.findByText(messages.auth.invalidCredentials)).toBeInTheDocument();
    expect(getToken()).toBeNull();

    answer = jsonResponse(500, {});
    await user.click(screen.getByRole('button', { name: t.login }));
    expect(await screen.findByText(messages.errors.loginFallback)).toBeInTheDocument();
  });

  it('asks for the 2FA code when the account needs it and completes the login with it', async () => {
    const sent = stubApi(({ body }) => {
      const { totp } = body as { totp?: string };
      if (totp === undefined) {
        return jsonResponse(401, {
          message: messages.auth.twoFactorRequired,
          code: 'TWO_FACTOR_REQUIRED',
        });
      }
      if (totp !== '123456') {
        return jsonResponse(401, {
          message: messages.auth.twoFactorInvalid,
          code: 'TWO_FACTOR_INVALID',
        });
      }
      return loginAnswer('client');
    });
    const router = renderRoutes(authTestRoutes, '/auth');
    const user = await fillCredentials('ana', 'segredo-forte');

    const code = await screen.findByLabelText(t.twoFactorCode);
    expect(screen.getByText(messages.auth.twoFactorRequired)).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '11');
    expect(screen.getByText(accountMessages.loginRecoveryHint)).toBeInTheDocument();
    expect(screen.queryByLabelText(t.password)).not.toBeInTheDocument();

    // The sixth digit sends the code by itself; a wrong one keeps the visitor on the step.
    await user.type(code, '654321');
    expect(await screen.findByText(messages.auth.twoFactorInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(t.twoFactorCode)).toHaveValue('');

    await user.type(screen.getByLabelText(t.twoFactorCode), '12 3456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(loginCalls(sent).map((request) => request.body)).toEqual([
      { identifier: 'ana', password: 'segredo-forte' },
      { identifier: 'ana', password: 'segredo-forte', totp: '654321' },
      { identifier: 'ana', password: 'segredo-forte', totp: '123456' },
    ]);
  });

  it('accepts a recovery code in the 2FA step, sent with the button as typed', async () => {
    const sent = stubApi(({ body }) => {
      const { totp } = body as { totp?: string };
      if (totp === undefined) {
        return jsonResponse(401, {
          message: messages.auth.twoFactorRequired,
          code: 'TWO_FACTOR_REQUIRED',
        });
      }
      if (totp.replace('-', '').toUpperCase() !== 'ACEFG34679') {
        return jsonResponse(401, {
          message: messages.auth.twoFactorInvalid,
          code: 'TWO_FACTOR_INVALID',
        });
      }
      return loginAnswer('client');
    });
    const router = renderRoutes(authTestRoutes, '/auth');
    const user = await fillCredentials('ana', 'segredo-forte');
    const code = await screen.findByLabelText(t.twoFactorCode);
    const verify = screen.getByRole('button', { name: t.verifyCode });

    // Not sent by itself, and not before the code is whole.
    await user.type(code, 'acefg-3467');
    expect(verify).toBeDisabled();
    await user.type(code, '9');
    expect(code).toHaveValue('acefg-34679');
    expect(loginCalls(sent)).toHaveLength(1);
    await user.click(verify);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(loginCalls(sent)[1]?.body).toEqual({
      identifier: 'ana',
      password: 'segredo-forte',
      totp: 'acefg-34679',
    });
  });

  it('goes back from the 2FA step to the password form', async () => {
    stubApi(() =>
      jsonResponse(401, { message: messages.auth.twoFactorRequired, code: 'TWO_FACTOR_REQUIRED' }),
    );
    renderRoutes(authTestRoutes, '/auth');
    const user = await fillCredentials('ana', 'segredo-forte');
    await screen.findByLabelText(t.twoFactorCode);

    await user.click(screen.getByRole('button', { name: t.back }));
    expect(await screen.findByLabelText(t.password)).toHaveFocus();
    expect(screen.getByLabelText(t.identifier)).toHaveValue('ana');
    expect(screen.queryByLabelText(t.twoFactorCode)).not.toBeInTheDocument();
  });

  it('resends the confirmation for the account just tried, without asking for its e-mail', async () => {
    const sent = stubApi(({ url }) =>
      url === '/api/auth/login'
        ? jsonResponse(403, { message: messages.auth.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' })
        : jsonResponse(200, { message: messages.auth.verificationResent }),
    );
    renderRoutes(authTestRoutes, '/auth');
    const user = await fillCredentials('ana_silva', 'segredo-forte');

    expect(await screen.findByText(messages.auth.emailNotVerified)).toBeInTheDocument();
    expect(screen.queryByLabelText(t.email)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.resendVerification }));

    expect(await screen.findByText(messages.auth.verificationResent)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { identifier: 'ana_silva' },
    });
  });

  it('tabs from the identifier to the password, then to Entrar, and only then to the forgotten-password link', async () => {
    const sent = stubApi(() => loginAnswer('client'));
    const router = renderRoutes(authTestRoutes, '/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(t.identifier));
    await user.keyboard('ana');

    await user.tab();
    expect(screen.getByLabelText(t.password)).toHaveFocus();
    // The show/hide toggle belongs to the password field; the link comes after the submit button.
    await user.tab();
    expect(screen.getByRole('button', { name: t.showPassword })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: t.login })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: t.forgotPassword })).toHaveFocus();

    // Typing the password after one Tab and pressing Enter logs in instead of leaving the page.
    await user.click(screen.getByLabelText(t.identifier));
    await user.tab();
    await user.keyboard('segredo-forte{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(loginCalls(sent)[0]?.body).toEqual({ identifier: 'ana', password: 'segredo-forte' });
  });

  it('links to the forgotten-password page', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth');
    expect(await screen.findByRole('link', { name: t.forgotPassword })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
