import { labels } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { authTestRoutes } from '../testing/auth-routes';

const t = labels.auth;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/auth', () => {
  it('opens on the Login tab with one h1 and the marketing points', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth');

    expect(await screen.findByRole('tab', { name: t.loginTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText(t.identifier)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(t.password)).toHaveAttribute('autocomplete', 'current-password');
    for (const point of ['Desempenho', 'Comunidade', 'Segurança']) {
      expect(screen.getByRole('heading', { name: point })).toBeInTheDocument();
    }
  });

  it('opens the Cadastro tab from ?tab=cadastro and keeps the query in step with the tabs', async () => {
    stubApi(() => jsonResponse(500, {}));
    const router = renderRoutes(authTestRoutes, '/auth?tab=cadastro');

    expect(await screen.findByRole('tab', { name: t.registerTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText(t.username)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: t.loginTab }));
    expect(await screen.findByLabelText(t.identifier)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('toggles the password between hidden and shown', async () => {
    stubApi(() => jsonResponse(500, {}));
    renderRoutes(authTestRoutes, '/auth');
    const password = await screen.findByLabelText(t.password);
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: t.showPassword }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: t.hidePassword }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['Reseller', '/reseller/dashboard'],
    ['Cliente', '/dashboard'],
  ])('sends a signed-in %s straight to %s', async (role, path) => {
    setToken(fakeToken({ role, username: 'ana', exp: epochSeconds(3600) }));
    const router = renderRoutes(authTestRoutes, '/auth');

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getToken()).not.toBeNull();
  });

  it.each([
    ['an unreadable token', 'nao-e-um-jwt'],
    ['an expired token', fakeToken({ role: 'admin', username: 'ana', exp: epochSeconds(-60) })],
  ])('removes %s and shows the forms', async (_case, token) => {
    setToken(token);
    const router = renderRoutes(authTestRoutes, '/auth');

    expect(await screen.findByLabelText(t.identifier)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(getToken()).toBeNull();
  });
});
