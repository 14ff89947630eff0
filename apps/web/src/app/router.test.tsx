import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { clearToken, getToken, setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

async function expectPath(router: ReturnType<typeof renderAt>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

const token = (role: string, exp = epochSeconds(3600)) =>
  fakeToken({ role, username: `${role.toLowerCase()}-ana`, exp });

describe('section guard', () => {
  it('sends a visitor without a token to /auth, replacing the history entry', async () => {
    const router = renderAt('/admin/dashboard');
    await expectPath(router, '/auth');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('drops an expired token and sends the visitor to /auth', async () => {
    setToken(token('admin', epochSeconds(-1)));
    const router = renderAt('/admin/dashboard');
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
  });

  it('drops an undecodable token', async () => {
    setToken('not-a-jwt');
    const router = renderAt('/dashboard');
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
  });

  it('refuses a client token on the admin area and removes it', async () => {
    setToken(token('Cliente'));
    const router = renderAt('/admin/dashboard');
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
  });

  it('lets an admin into the admin area with the sidebar and username', async () => {
    setToken(token('Admin'));
    const router = renderAt('/admin/dashboard');
    expect(await screen.findByText('admin-ana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bypass API' })).toHaveAttribute(
      'href',
      '/admin/bypass',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('logs out from the admin sidebar', async () => {
    setToken(token('admin'));
    const router = renderAt('/admin/settings');
    const [logout] = await screen.findAllByRole('button', { name: 'Sair' });
    await userEvent.click(logout!);
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
  });

  it('ends the session on the server at logout, and logs out here even when that call fails', async () => {
    const sent = stubApi(({ url }) =>
      url === '/api/auth/logout'
        ? Promise.reject(new TypeError('offline'))
        : jsonResponse(500, { message: 'x', code: 'X' }),
    );
    setToken(token('admin'));
    const router = renderAt('/admin/settings');
    const [logout] = await screen.findAllByRole('button', { name: 'Sair' });
    await userEvent.click(logout!);
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
    expect(sent.filter((request) => request.url === '/api/auth/logout')).toEqual([
      { method: 'POST', url: '/api/auth/logout', body: undefined },
    ]);
  });

  it('redirects /admin to /admin/dashboard', async () => {
    setToken(token('admin'));
    const router = renderAt('/admin');
    await expectPath(router, '/admin/dashboard');
  });

  it('lets clients and resellers into /dashboard, and only resellers into /reseller/dashboard', async () => {
    setToken(token('user'));
    const clientRouter = renderAt('/dashboard/redeem');
    expect(await screen.findByRole('link', { name: 'Resgatar Produtos' })).toBeInTheDocument();
    expect(clientRouter.state.location.pathname).toBe('/dashboard/redeem');

    const resellerOnly = renderAt('/reseller/dashboard');
    await expectPath(resellerOnly, '/auth');
    expect(getToken()).toBeNull();
  });

  it('follows a logout in another part of the app while the page is open', async () => {
    setToken(token('reseller'));
    const router = renderAt('/reseller/dashboard');
    expect(await screen.findByRole('link', { name: 'Início' })).toBeInTheDocument();
    act(() => clearToken());
    await expectPath(router, '/auth');
  });

  it('leaves when a new token with another role replaces the stored one', async () => {
    setToken(token('admin'));
    const router = renderAt('/admin/users');
    expect(await screen.findByText('admin-ana')).toBeInTheDocument();
    act(() => setToken(token('client')));
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
  });
});

describe('inactivity logout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['client', '/dashboard'],
  ])('logs the %s out after 7 idle minutes and says why', async (role, path) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken(token(role));
    const router = renderAt(path);
    await screen.findByRole('button', { name: 'Alterar tema' });

    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    act(() => {
      window.dispatchEvent(new Event('keydown'));
    });
    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(router.state.location.pathname).toBe(path);

    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    await expectPath(router, '/auth');
    expect(getToken()).toBeNull();
    expect(await screen.findByText('Sua sessão expirou por inatividade.')).toBeInTheDocument();
  });

  it('keeps the inactivity message on /auth, announced, until it is dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken(token('client'));
    const router = renderAt('/dashboard');
    await screen.findByRole('button', { name: 'Alterar tema' });
    act(() => {
      vi.advanceTimersByTime(420_000);
    });
    await expectPath(router, '/auth');

    // Long after a toast would have gone, the user comes back and still reads why.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sua sessão expirou por inatividade.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText('Sua sessão expirou por inatividade.')).not.toBeInTheDocument();
  });

  it("says nothing about inactivity after a logout of the user's own", async () => {
    setToken(token('client'));
    const router = renderAt('/dashboard');
    await screen.findByRole('button', { name: 'Alterar tema' });
    act(() => clearToken());
    await expectPath(router, '/auth');
    await screen.findByRole('tab', { name: 'Login' });
    expect(screen.queryByText('Sua sessão expirou por inatividade.')).not.toBeInTheDocument();
  });
});

describe('public routes', () => {
  it('shows the landing page with Login and Register links to /auth', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    // Register opens the Cadastro tab (landing issue).
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/auth?tab=cadastro',
    );
  });

  it.each(['/auth', '/verify-email', '/forgot-password', '/reset-password', '/terms', '/status'])(
    'opens %s without a session',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByRole('button', { name: 'Alterar tema' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the not-found page with a 404 and a link home for an unknown path', async () => {
    renderAt('/esta/rota/nao/existe');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it('shows an unknown admin path inside the admin layout, linking back to the admin dashboard', async () => {
    setToken(token('admin'));
    const router = renderAt('/admin/anything');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    // The admin sidebar and user are still there.
    expect(screen.getByRole('link', { name: 'Bypass API' })).toBeInTheDocument();
    expect(screen.getByText('admin-ana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Voltar ao início' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/anything');
  });

  it.each([
    ['client', '/dashboard/anything', '/dashboard'],
    ['reseller', '/reseller/dashboard/anything', '/reseller/dashboard'],
  ])(
    'shows an unknown %s path inside the customer layout, linking back to %s',
    async (role, path, home) => {
      setToken(token(role));
      renderAt(path);
      expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Resgatar Produtos' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', home);
    },
  );

  it('still sends a visitor without a session from an unknown admin path to /auth', async () => {
    const router = renderAt('/admin/anything');
    await expectPath(router, '/auth');
  });
});
