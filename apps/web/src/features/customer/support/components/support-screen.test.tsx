import type { Ticket, TicketDetail } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsClient } from '@/testing/customer-fixtures';
import { SupportScreen } from './support-screen';

const routes = [{ path: '/dashboard/support', Component: SupportScreen }];

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 'tk-1',
    subject: 'Depósito não creditado',
    status: 'answered',
    preview: 'Já verificamos o seu PIX.',
    created_at: '2030-05-10T12:00:00.000Z',
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

function aDetail(ticket: Partial<Ticket> = {}): TicketDetail {
  return {
    ticket: aTicket(ticket),
    messages: [
      {
        id: 'm1',
        body: 'Fiz o PIX ontem e o saldo não caiu.',
        from_staff: false,
        author: 'ana',
        created_at: '2030-05-10T12:00:00.000Z',
      },
      {
        id: 'm2',
        body: 'Já verificamos o seu PIX.',
        from_staff: true,
        author: null,
        created_at: '2030-05-10T13:00:00.000Z',
      },
    ],
  };
}

const page = (items: Ticket[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** The support API as one customer sees it; `detail` answers GET /support/tickets/{id}. */
function supportApi({
  tickets = [aTicket()],
  detail = aDetail(),
}: { tickets?: Ticket[]; detail?: TicketDetail | null } = {}): Routes {
  return {
    'GET /api/support/tickets': page(tickets),
    'POST /api/support/tickets': () =>
      jsonResponse(201, { message: messages.support.created, id: 'tk-new' }),
    'POST /api/support/tickets/:id/messages': () =>
      jsonResponse(201, { message: messages.support.replied, status: 'open' }),
    'POST /api/support/tickets/:id/close': {
      message: messages.support.closedDone,
      status: 'closed',
    },
    'GET /api/support/tickets/:id': () =>
      detail ?? jsonResponse(404, { message: messages.support.notFound, code: 'NOT_FOUND' }),
  };
}

const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');

describe('/dashboard/support', { timeout: 20_000 }, () => {
  it('lists the customer’s tickets with their status and opens a thread', async () => {
    const { sent } = stubRoutes(supportApi());
    const router = renderRoutes(routes, '/dashboard/support');
    const link = await screen.findByRole('link', { name: /Depósito não creditado/ });
    expect(within(link).getByText('Respondido')).toBeInTheDocument();
    expect(within(link).getByText('Já verificamos o seu PIX.')).toBeInTheDocument();
    expect(within(link).getByText(/^Atualizado há/)).toBeInTheDocument();
    expect(sent[0]?.url).toBe('/api/support/tickets?page=1&pageSize=20');

    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?ticket=tk-1'));
    expect(await screen.findByText('Fiz o PIX ontem e o saldo não caiu.')).toBeInTheDocument();
  });

  it('filters by status on the server', async () => {
    const { sent } = stubRoutes(supportApi());
    renderRoutes(routes, '/dashboard/support');
    await screen.findByRole('link', { name: /Depósito não creditado/ });
    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'closed');
    await waitFor(() =>
      expect(sent.at(-1)?.url).toBe('/api/support/tickets?status=closed&page=1&pageSize=20'),
    );
  });

  it('invites the first ticket when there is none', async () => {
    stubRoutes(supportApi({ tickets: [] }));
    renderRoutes(routes, '/dashboard/support');
    expect(await screen.findByText('Nenhum ticket por aqui')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Novo ticket' })).toHaveLength(2);
  });

  it('opens a ticket from the dialog, checking the fields in pt-BR, then shows its thread', async () => {
    const { sent } = stubRoutes(supportApi());
    const router = renderRoutes(routes, '/dashboard/support');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: /Depósito não creditado/ });
    await user.click(screen.getByRole('button', { name: 'Novo ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo ticket' });

    await user.type(within(dialog).getByLabelText('Assunto'), 'oi');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir ticket' }));
    expect(await within(dialog).findByText(messages.support.subjectMin)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.support.messageRequired)).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Assunto'), ' tudo bem?');
    await user.type(within(dialog).getByLabelText('Mensagem'), 'Meu loader não abre.');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir ticket' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ticket=tk-new'));
    expect(await screen.findByText(messages.support.created)).toBeInTheDocument();
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/support/tickets',
      body: { subject: 'oi tudo bem?', message: 'Meu loader não abre.' },
    });
  });

  it('shows the thread with the support team’s answer, replies and clears the box', async () => {
    const { sent } = stubRoutes(supportApi());
    renderRoutes(routes, '/dashboard/support?ticket=tk-1');
    const thread = await screen.findByRole('list', { name: 'Mensagens do ticket' });
    const [mine, staff] = within(thread).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Você');
    expect(staff).toHaveTextContent('Equipe de suporte');
    expect(staff).toHaveTextContent('Já verificamos o seu PIX.');

    const user = userEvent.setup();
    const box = screen.getByLabelText('Sua mensagem');
    await user.type(box, 'Obrigado!');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/support/tickets/tk-1/messages',
      body: { message: 'Obrigado!' },
    });
  });

  it('closes the ticket after a confirmation', async () => {
    const { sent } = stubRoutes(supportApi());
    renderRoutes(routes, '/dashboard/support?ticket=tk-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fechar ticket' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fechar este ticket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar ticket' }));
    expect(await screen.findByText(messages.support.closedDone)).toBeInTheDocument();
    expect(posts(sent)[0]?.url).toBe('/api/support/tickets/tk-1/close');
  });

  it('offers no reply box on a closed ticket', async () => {
    stubRoutes(supportApi({ detail: aDetail({ status: 'closed' }) }));
    renderRoutes(routes, '/dashboard/support?ticket=tk-1');
    expect(await screen.findByText(/Este ticket foi fechado/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Sua mensagem')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fechar ticket' })).not.toBeInTheDocument();
  });

  it('says so when the ticket does not exist', async () => {
    stubRoutes(supportApi({ detail: null }));
    renderRoutes(routes, '/dashboard/support?ticket=nao-existe');
    expect(await screen.findByText('Ticket não encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para os tickets' })).toHaveAttribute(
      'href',
      '/dashboard/support',
    );
  });
});
