import type { Notification } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsClient } from '@/testing/customer-fixtures';
import { NotificationsButton } from './notifications-bell';

const routes = [
  {
    element: (
      <TooltipProvider delayDuration={0}>
        <NotificationsButton />
        <Outlet />
      </TooltipProvider>
    ),
    children: [
      { path: '/dashboard', element: <p>início</p> },
      { path: '/dashboard/support', element: <p>tela de suporte</p> },
    ],
  },
];

beforeEach(() => signInAsClient());
afterEach(() => vi.unstubAllGlobals());

function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    kind: 'ticket_answered',
    title: 'Seu ticket foi respondido',
    body: 'Loader não abre: Atualize para a versão 2.1.',
    link: '/dashboard/support?ticket=tk-1',
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** The inbox of `items`; marking them read zeroes the unread count. */
function inboxApi(items: Notification[]): Routes {
  let unread = items.filter((item) => !item.read).length;
  return {
    'GET /api/notifications': () => ({
      items,
      total: items.length,
      page: 1,
      pageSize: 20,
      unreadCount: unread,
    }),
    'POST /api/notifications/read': () => {
      unread = 0;
      return { message: 'ok', unreadCount: unread };
    },
  };
}

describe('notification bell', () => {
  it('shows the unread count and lists the notifications with relative times', async () => {
    const { sent } = stubRoutes(
      inboxApi([
        aNotification(),
        aNotification({
          id: 'n2',
          kind: 'subscription_expiring',
          title: 'Sua assinatura está acabando',
          body: 'Aimbot Pro expira em 17/01/2026.',
          link: '/dashboard',
          read: true,
        }),
      ]),
    );
    renderRoutes(routes, '/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notificações (1 não lida)' });
    expect(bell).toHaveTextContent('1');
    expect(sent[0]?.url).toBe('/api/notifications?pageSize=20');

    await userEvent.setup().click(bell);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Seu ticket foi respondido');
    expect(items[0]).toHaveTextContent('Não lida');
    expect(items[0]).toHaveTextContent('há 5 minutos');
    expect(items[1]).toHaveTextContent('Aimbot Pro expira em 17/01/2026.');
    expect(items[1]).not.toHaveTextContent('Não lida');
  });

  it('marks a clicked notification read and opens its link', async () => {
    const { sent } = stubRoutes(inboxApi([aNotification()]));
    const router = renderRoutes(routes, '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notificações (1 não lida)' }));
    await user.click(await screen.findByRole('button', { name: /Seu ticket foi respondido/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/support'));
    expect(router.state.location.search).toBe('?ticket=tk-1');
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/notifications/read',
      body: { ids: ['n1'] },
    });
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument();
  });

  it("marks all read with 'Marcar todas como lidas'", async () => {
    const { sent } = stubRoutes(inboxApi([aNotification(), aNotification({ id: 'n2' })]));
    renderRoutes(routes, '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notificações (2 não lidas)' }));
    await user.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ all: true });
    expect(screen.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  });

  it('says when there is nothing yet', async () => {
    stubRoutes(inboxApi([]));
    renderRoutes(routes, '/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notificações' }));
    const popover = await screen.findByRole('dialog');
    expect(within(popover).getByText('Nenhuma notificação')).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  });
});
