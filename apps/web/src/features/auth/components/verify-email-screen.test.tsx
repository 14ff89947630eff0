import { labels, messages } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { VerifyEmailScreen } from './verify-email-screen';

const t = labels.auth;
const routes = [{ path: '/verify-email', Component: VerifyEmailScreen }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/verify-email', () => {
  it('spends the single-use token once, even under StrictMode, and links to /auth', async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderRoutes(routes, '/verify-email?token=abc123');

    expect(await screen.findByRole('heading', { name: /Confirmando seu e-mail/ })).toBeVisible();
    answer(jsonResponse(200, { message: messages.auth.emailVerified, alreadyConfirmed: false }));

    expect(await screen.findByText(messages.auth.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.goToLogin })).toHaveAttribute('href', '/auth');
    expect(sent).toEqual([
      { method: 'GET', url: '/api/auth/verify-email?token=abc123', body: undefined },
    ]);
  });

  it('says the e-mail is already confirmed when the link is opened again, with the link to /auth', async () => {
    stubApi(() =>
      jsonResponse(200, { message: messages.auth.emailAlreadyVerified, alreadyConfirmed: true }),
    );
    renderRoutes(routes, '/verify-email?token=aberto-antes');

    expect(await screen.findByRole('heading', { name: 'E-mail já confirmado' })).toBeVisible();
    expect(screen.getByText(messages.auth.emailAlreadyVerified)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.goToLogin })).toHaveAttribute('href', '/auth');
  });

  it("shows the server's message and a retry link when the token is refused", async () => {
    stubApi(() =>
      jsonResponse(400, { message: messages.errors.tokenInvalidOrExpired, code: 'TOKEN_INVALID' }),
    );
    renderRoutes(routes, '/verify-email?token=usado');

    expect(await screen.findByText(messages.errors.tokenInvalidOrExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.retry })).toHaveAttribute('href', '/auth');
  });

  it('falls back to the spec message when the answer carries none', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderRoutes(routes, '/verify-email?token=abc');
    expect(await screen.findByText(messages.errors.verifyFallback)).toBeInTheDocument();
  });

  it('says the token is missing without calling the API', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(routes, '/verify-email');

    expect(await screen.findByText(messages.errors.verifyTokenMissing)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.retry })).toHaveAttribute('href', '/auth');
    expect(sent).toHaveLength(0);
  });
});
