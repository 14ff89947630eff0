import type { AdminTicket, AdminTicketDetail } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { AdminSupportScreen } from './support-screen';

const routes = [{ path: '/admin/support', Component: AdminSupportScreen }];

beforeEach(() => {
  localStorage.setItem(
    'authToken',
    fakeToken({ role: 'admin', username: 'admin', exp: epochSeconds(3600) }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const ticket: AdminTicket = {
  id: 'tk-1',
  user_id: 'u-ana',
  username: 'ana',
  subject: 'Loader não abre',
  status: 'open',
  preview: 'Aparece HWID diferente.',
  created_at: '2030-05-10T12:00:00.000Z',
  updated_at: '2030-05-10T12:00:00.000Z',
};

function aDetail(overrides: Partial<AdminTicket> = {}): AdminTicketDetail {
  return {
    ticket: { ...ticket, ...overrides },
    messages: [
      {
        id: 'm1',
        body: 'Aparece HWID diferente.',
        from_staff: false,
        author: 'ana',
        created_at: '2030-05-10T12:00:00.000Z',
      },
      {
        id: 'm2',
        body: 'Pode redefinir pelo painel.',
        from_staff: true,
        author: 'carlos',
        created_at: '2030-05-10T12:30:00.000Z',
      },
    ],
  };
}

/** The staff's support API: one ticket, its thread `detail`, answering and closing. */
const staffApi = (detail: AdminTicketDetail = aDetail()): Routes => ({
  'GET /api/admin/support/tickets': { items: [ticket], total: 1, page: 1, pageSize: 20 },
  'GET /api/admin/support/tickets/:id': detail,
  'POST /api/admin/support/tickets/:id/messages': () =>
    jsonResponse(201, { message: messages.support.answered, status: 'answered' }),
  'POST /api/admin/support/tickets/:id/close': {
    message: messages.support.closedDone,
    status: 'closed',
  },
});

const reads = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.startsWith('/api/admin/support/tickets?'));

describe('/admin/support', { timeout: 20_000 }, () => {
  it('opens on the tickets waiting for staff, with their owner, and searches on the server', async () => {
    const { sent } = stubRoutes(staffApi());
    renderRoutes(routes, '/admin/support');
    const row = (await screen.findByRole('link', { name: 'Loader não abre' })).closest('tr');
    expect(row).toHaveTextContent('ana');
    expect(row).toHaveTextContent('Aberto');
    expect(reads(sent)[0]?.url).toBe('/api/admin/support/tickets?status=open&page=1&pageSize=20');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por assunto ou username' }),
      'an',
    );
    await waitFor(() =>
      expect(reads(sent).at(-1)?.url).toBe('/api/admin/support/tickets?q=an&page=1&pageSize=20'),
    );
  });

  it('shows the thread with the staff names and answers the customer', async () => {
    const { sent } = stubRoutes(staffApi());
    const router = renderRoutes(routes, '/admin/support');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Loader não abre' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ticket=tk-1'));

    const thread = await screen.findByRole('list', { name: 'Mensagens do ticket' });
    const [customer, staff] = within(thread).getAllByRole('listitem');
    expect(customer).toHaveTextContent('ana');
    expect(staff).toHaveTextContent('carlos (equipe)');
    expect(screen.getByText(/^De ana · aberto em/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Resposta'), 'Resolvido?');
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText(messages.support.answered)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/admin/support/tickets/tk-1/messages',
      body: { message: 'Resolvido?' },
    });
  });

  it('refuses an empty answer in pt-BR without calling the server', async () => {
    const { sent } = stubRoutes(staffApi());
    renderRoutes(routes, '/admin/support?ticket=tk-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Responder' }));
    expect(await screen.findByText(messages.support.messageRequired)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('closes a ticket after a confirmation', async () => {
    const { sent } = stubRoutes(staffApi());
    renderRoutes(routes, '/admin/support?ticket=tk-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fechar este ticket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar ticket' }));
    expect(await screen.findByText(messages.support.closedDone)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.url).toBe(
      '/api/admin/support/tickets/tk-1/close',
    );
  });

  it('shows a closed ticket read-only', async () => {
    stubRoutes(staffApi(aDetail({ status: 'closed' })));
    renderRoutes(routes, '/admin/support?ticket=tk-1');
    expect(
      await screen.findByText('Ticket fechado: não recebe novas mensagens.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
  });
});
