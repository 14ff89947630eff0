import { labels, messages } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { ForgotPasswordScreen } from './forgot-password-screen';

const t = labels.auth;
const routes = [{ path: '/forgot-password', Component: ForgotPasswordScreen }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/forgot-password', () => {
  it('asks for a valid e-mail before sending anything', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(t.email), 'ana@');
    await user.click(screen.getByRole('button', { name: t.sendResetLink }));

    expect(await screen.findByText(messages.validation.forgotEmailInvalid)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('confirms the request, saying the link is valid for 1 hour, with a way back to /auth', async () => {
    const sent = stubApi(() => jsonResponse(200, { message: messages.auth.resetLinkSent }));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(t.email), 'ana@exemplo.com');
    await user.click(screen.getByRole('button', { name: t.sendResetLink }));

    expect(await screen.findByText(/válido por 1 hora/)).toBeInTheDocument();
    expect(screen.getByText('ana@exemplo.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.backToLogin })).toHaveAttribute('href', '/auth');
    expect(sent).toEqual([
      { method: 'POST', url: '/api/auth/forgot-password', body: { email: 'ana@exemplo.com' } },
    ]);
  });
});
