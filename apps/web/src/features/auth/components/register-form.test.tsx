import { labels, messages } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { authTestRoutes } from '../testing/auth-routes';

const t = labels.auth;

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

async function fillRegister(username: string, email: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText(t.username), username);
  if (email) await user.type(screen.getByLabelText(t.email), email);
  if (password) await user.type(screen.getByLabelText(t.password), password);
  await user.click(screen.getByRole('button', { name: t.register }));
  return user;
}

describe('register form', () => {
  it('shows the spec message for each invalid field and sends nothing', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth?tab=cadastro');
    await screen.findByLabelText(t.username);
    await fillRegister('an', 'ana@', '1234567');

    expect(await screen.findByText(messages.validation.usernameMin)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText(t.password)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText(t.email)).toHaveAttribute('autocomplete', 'email');
    expect(sent).toHaveLength(0);
  });

  it('refuses a username containing @ before sending', async () => {
    const sent = stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth?tab=cadastro');
    await fillRegister('ana@exemplo.com', 'ana@exemplo.com', 'segredo-forte');

    expect(await screen.findByText(messages.validation.usernameNoAt)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows where the activation link went, resends it and goes back to login', async () => {
    const sent = stubApi(({ url }) =>
      url === '/api/auth/register'
        ? jsonResponse(201, { message: messages.auth.registered })
        : jsonResponse(200, { message: messages.auth.verificationResent }),
    );
    const router = renderRoutes(authTestRoutes, '/auth?tab=cadastro');
    const user = await fillRegister('ana_silva', 'Ana@Exemplo.com', 'segredo-forte');

    expect(await screen.findByText('ana@exemplo.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirme seu e-mail' })).toHaveFocus();
    expect(await screen.findByText(messages.auth.registered)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/register',
      body: { username: 'ana_silva', email: 'ana@exemplo.com', password: 'segredo-forte' },
    });

    await user.click(screen.getByRole('button', { name: t.resendVerification }));
    expect(await screen.findByText(messages.auth.verificationResent)).toBeInTheDocument();
    expect(sent[1]).toMatchObject({
      url: '/api/auth/resend-verification',
      body: { identifier: 'ana@exemplo.com' },
    });

    await user.click(screen.getByRole('button', { name: t.backToLogin }));
    expect(await screen.findByLabelText(t.identifier)).toHaveValue('ana@exemplo.com');
    expect(router.state.location.search).toBe('');
  });

  it("marks a taken username with the server's message", async () => {
    stubApi(() =>
      jsonResponse(409, { message: messages.auth.usernameTaken, code: 'USERNAME_TAKEN' }),
    );
    renderRoutes(authTestRoutes, '/auth?tab=cadastro');
    await fillRegister('ana_silva', 'ana@exemplo.com', 'segredo-forte');

    expect(await screen.findAllByText(messages.auth.usernameTaken)).toHaveLength(2);
    expect(screen.getByLabelText(t.username)).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the spec message when the server gives none', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth?tab=cadastro');
    await fillRegister('ana_silva', 'ana@exemplo.com', 'segredo-forte');

    expect(await screen.findByText(messages.errors.registerFallback)).toBeInTheDocument();
    expect(screen.getByLabelText(t.username)).toBeInTheDocument();
  });
});
