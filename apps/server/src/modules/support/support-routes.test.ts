import { SUPPORT_LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.support;
let t: TestApp;
let admin: TestUser;
let client: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'suporte_chefe' });
  client = await t.createUser({ role: 'client', username: 'cliente_ana' });
  other = await t.createUser({ role: 'client', username: 'cliente_beto' });
});
afterAll(() => t.close());

async function openTicket(
  user: TestUser,
  subject = 'Não consigo entrar no loader',
  message = 'Aparece HWID diferente ao abrir.',
): Promise<string> {
  const response = await t.as(user).post('/api/support/tickets', { subject, message });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

interface Detail {
  ticket: { id: string; status: string; subject: string; preview: string; username?: string };
  messages: { body: string; from_staff: boolean; author: string | null }[];
}

async function detailFor(user: TestUser, id: string, admin = false): Promise<Detail> {
  const prefix = admin ? '/api/admin/support' : '/api/support';
  const response = await t.as(user).get(`${prefix}/tickets/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<Detail>();
}

/** The user's notifications, once the handlers that follow the answers so far ran. */
async function notificationsOf(userId: string) {
  await t.app.outbox.idle();
  return t.database.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

describe('customer tickets', () => {
  it('opens a ticket with its first message and shows it only to its owner', async () => {
    const response = await t.as(client).post('/api/support/tickets', {
      subject: '  Pagamento não caiu  ',
      message: '  Fiz o PIX ontem às 10h.  ',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(response.json()).toEqual({ message: text.created, id });

    const detail = await detailFor(client, id);
    expect(detail.ticket).toMatchObject({
      id,
      subject: 'Pagamento não caiu',
      status: 'open',
      preview: 'Fiz o PIX ontem às 10h.',
    });
    expect(detail.messages).toEqual([
      expect.objectContaining({
        body: 'Fiz o PIX ontem às 10h.',
        from_staff: false,
        author: 'cliente_ana',
      }),
    ]);

    const foreign = await t.as(other).get(`/api/support/tickets/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    const list = await t.as(other).get('/api/support/tickets');
    expect(list.json<{ items: { id: string }[] }>().items.map((item) => item.id)).not.toContain(id);
  });

  it('lists own tickets newest activity first, filtered by status and paged', async () => {
    const user = await t.createUser();
    const first = await openTicket(user, 'Primeiro assunto');
    t.clock.advance(1000);
    const second = await openTicket(user, 'Segundo assunto');
    t.clock.advance(1000);
    // A reply moves the older ticket to the top.
    const reply = await t.as(user).post(`/api/support/tickets/${first}/messages`, {
      message: 'Alguma novidade?',
    });
    expect(reply.statusCode).toBe(201);
    t.clock.advance(1000);
    await t.as(user).post(`/api/support/tickets/${second}/close`);

    const all = await t.as(user).get('/api/support/tickets');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      items: [
        { id: second, status: 'closed' },
        { id: first, status: 'open', preview: 'Alguma novidade?' },
      ],
      total: 2,
      page: 1,
    });
    const open = await t.as(user).get('/api/support/tickets?status=open');
    expect(open.json()).toMatchObject({ items: [{ id: first }], total: 1 });
    const paged = await t.as(user).get('/api/support/tickets?page=2&pageSize=1');
    expect(paged.json()).toMatchObject({ items: [{ id: first }], total: 2, page: 2, pageSize: 1 });
  });

  it('reopens an answered ticket on reply and refuses replies once closed', async () => {
    const id = await openTicket(client);
    const answer = await t.as(admin).post(`/api/admin/support/tickets/${id}/messages`, {
      message: 'Olá! Redefina o HWID pelo painel.',
    });
    expect(answer.statusCode).toBe(201);
    expect((await detailFor(client, id)).ticket.status).toBe('answered');

    const reply = await t.as(client).post(`/api/support/tickets/${id}/messages`, {
      message: 'Funcionou, obrigado!',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ message: text.replied, status: 'open' });
    expect((await detailFor(client, id)).ticket.status).toBe('open');

    const close = await t.as(client).post(`/api/support/tickets/${id}/close`);
    expect(close.statusCode).toBe(200);
    expect(close.json()).toEqual({ message: text.closedDone, status: 'closed' });

    const late = await t.as(client).post(`/api/support/tickets/${id}/messages`, {
      message: 'Mais uma coisa',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: text.closed, code: 'TICKET_CLOSED' });
    const again = await t.as(client).post(`/api/support/tickets/${id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: text.alreadyClosed, code: 'TICKET_CLOSED' });
    expect((await detailFor(client, id)).messages).toHaveLength(3);
  });

  it('never lets a customer reply to or close another customer’s ticket', async () => {
    const id = await openTicket(client);
    const reply = await t.as(other).post(`/api/support/tickets/${id}/messages`, {
      message: 'intrometido',
    });
    expect(reply.statusCode).toBe(404);
    const close = await t.as(other).post(`/api/support/tickets/${id}/close`);
    expect(close.statusCode).toBe(404);
    const detail = await detailFor(client, id);
    expect(detail.ticket.status).toBe('open');
    expect(detail.messages).toHaveLength(1);
  });

  it('answers 404 for an unknown ticket', async () => {
    for (const [method, url] of [
      ['GET', '/api/support/tickets/nao-existe'],
      ['POST', '/api/support/tickets/nao-existe/close'],
    ] as const) {
      const response = await t.as(client).request(method, url);
      expect(response.statusCode).toBe(404);
    }
    const reply = await t.as(client).post('/api/support/tickets/nao-existe/messages', {
      message: 'oi',
    });
    expect(reply.statusCode).toBe(404);
  });

  it.each([
    [{ subject: 'ab', message: 'oi' }, text.subjectMin],
    [{ subject: '  ab  ', message: 'oi' }, text.subjectMin],
    [{ subject: 'x'.repeat(121), message: 'oi' }, text.subjectMax],
    [{ subject: 'Assunto', message: '   ' }, text.messageRequired],
    [{ subject: 'Assunto', message: 'x'.repeat(5001) }, text.messageMax],
    [{ subject: 'Assunto' }, text.messageRequired],
    [{ message: 'oi' }, text.subjectMin],
    [{ subject: 'Assunto', message: 'oi', status: 'closed' }, 'Campo não permitido: status.'],
  ])('refuses %j with a pt-BR message', async (payload, message) => {
    const response = await t.as(client).post('/api/support/tickets', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('refuses an empty reply and an unknown status filter in pt-BR', async () => {
    const id = await openTicket(client);
    const empty = await t.as(client).post(`/api/support/tickets/${id}/messages`, {
      message: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: text.messageRequired, code: 'VALIDATION_ERROR' });
    const filter = await t.as(client).get('/api/support/tickets?status=pendente');
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toEqual({ message: text.statusInvalid, code: 'VALIDATION_ERROR' });
  });

  it('caps the tickets one account keeps open at once', async () => {
    const user = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < SUPPORT_LIMITS.openTicketsPerUser; i++) {
      ids.push(await openTicket(user, `Assunto ${String(i)}`));
    }
    const refused = await t.as(user).post('/api/support/tickets', {
      subject: 'Mais um',
      message: 'oi',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: text.tooManyOpen(SUPPORT_LIMITS.openTicketsPerUser),
      code: 'TOO_MANY_OPEN_TICKETS',
    });
    await t.as(user).post(`/api/support/tickets/${ids[0] ?? ''}/close`);
    await openTicket(user, 'Agora cabe');
  });

  it('lets resellers use support too, and keeps admins and strangers out (401/403)', async () => {
    const reseller = await t.createUser({ role: 'reseller' });
    await openTicket(reseller);
    const asAdmin = await t.as(admin).get('/api/support/tickets');
    expect(asAdmin.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/support/tickets' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousCreate = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { subject: 'Assunto', message: 'oi' },
    });
    expect(anonymousCreate.statusCode).toBe(401);
  });
});

describe('staff side', () => {
  it('answers a ticket: answered status, staff name hidden from the customer, notification', async () => {
    const id = await openTicket(client, 'Loader fecha sozinho');
    const before = (await notificationsOf(client.id)).length;
    const response = await t.as(admin).post(`/api/admin/support/tickets/${id}/messages`, {
      message: 'Atualize o loader para a versão 2.1 e tente de novo.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: text.answered, status: 'answered' });

    const customerView = await detailFor(client, id);
    expect(customerView.messages[1]).toEqual(
      expect.objectContaining({ from_staff: true, author: null }),
    );
    expect(JSON.stringify(customerView)).not.toContain('suporte_chefe');
    const staffView = await detailFor(admin, id, true);
    expect(staffView.ticket).toMatchObject({ username: 'cliente_ana', status: 'answered' });
    expect(staffView.messages[1]).toEqual(
      expect.objectContaining({ from_staff: true, author: 'suporte_chefe' }),
    );

    const inbox = await notificationsOf(client.id);
    expect(inbox).toHaveLength(before + 1);
    expect(inbox[0]).toMatchObject({
      kind: 'ticket_answered',
      title: text.notifyAnsweredTitle,
      body: 'Loader fecha sozinho: Atualize o loader para a versão 2.1 e tente de novo.',
      link: `/dashboard/support?ticket=${id}`,
      read_at: null,
    });
    expect(await t.lastActivity()).toBe('Ticket "Loader fecha sozinho" de cliente_ana respondido');
  });

  it('closes a ticket once (409 after) and refuses answers on a closed ticket', async () => {
    const id = await openTicket(client, 'Pode fechar');
    const close = await t.as(admin).post(`/api/admin/support/tickets/${id}/close`);
    expect(close.statusCode).toBe(200);
    expect(close.json()).toEqual({ message: text.closedDone, status: 'closed' });
    expect(await t.lastActivity()).toBe('Ticket "Pode fechar" de cliente_ana fechado');

    const again = await t.as(admin).post(`/api/admin/support/tickets/${id}/close`);
    expect(again.statusCode).toBe(409);
    const before = (await notificationsOf(client.id)).length;
    const answer = await t.as(admin).post(`/api/admin/support/tickets/${id}/messages`, {
      message: 'tarde demais',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: text.closed, code: 'TICKET_CLOSED' });
    // The refused answer left nothing behind: no message, no notification.
    expect((await detailFor(client, id)).messages).toHaveLength(1);
    expect(await notificationsOf(client.id)).toHaveLength(before);
  });

  it('lists every ticket with its owner, filtered by status and searched by subject or username', async () => {
    const carla = await t.createUser({ username: 'carla_compras' });
    const refund = await openTicket(carla, 'Pedido de reembolso');
    t.clock.advance(1000);
    const other = await openTicket(carla, 'Dúvida sobre planos');
    await t.as(admin).post(`/api/admin/support/tickets/${other}/close`);

    const byName = await t.as(admin).get('/api/admin/support/tickets?q=CARLA_');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({
      items: [
        { id: other, username: 'carla_compras', status: 'closed', user_id: carla.id },
        { id: refund, username: 'carla_compras', status: 'open' },
      ],
      total: 2,
    });
    const bySubject = await t.as(admin).get('/api/admin/support/tickets?q=reemBOLSO');
    expect(bySubject.json()).toMatchObject({ items: [{ id: refund }], total: 1 });
    const closed = await t.as(admin).get('/api/admin/support/tickets?status=closed&q=carla');
    expect(closed.json()).toMatchObject({ items: [{ id: other }], total: 1 });
    const paged = await t.as(admin).get('/api/admin/support/tickets?pageSize=1&page=2');
    expect(paged.json<{ items: unknown[]; pageSize: number }>().items).toHaveLength(1);
  });

  it('answers 404 for an unknown ticket', async () => {
    const detail = await t.as(admin).get('/api/admin/support/tickets/nao-existe');
    expect(detail.statusCode).toBe(404);
    const answer = await t
      .as(admin)
      .post('/api/admin/support/tickets/nao-existe/messages', { message: 'oi' });
    expect(answer.statusCode).toBe(404);
    const close = await t.as(admin).post('/api/admin/support/tickets/nao-existe/close');
    expect(close.statusCode).toBe(404);
  });

  it('keeps customers (403) and strangers (401) out of the staff routes', async () => {
    const id = await openTicket(client);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/support/tickets', undefined],
      ['GET', `/api/admin/support/tickets/${id}`, undefined],
      ['POST', `/api/admin/support/tickets/${id}/messages`, { message: 'oi' }],
      ['POST', `/api/admin/support/tickets/${id}/close`, undefined],
    ] as const) {
      const asClient = await t.as(client).request(method, url, payload);
      expect(asClient.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await detailFor(client, id)).ticket.status).toBe('open');
  });

  it('caps a thread at its message limit', async () => {
    const id = await openTicket(client, 'Conversa longa');
    const rows = Array.from({ length: SUPPORT_LIMITS.messagesPerTicket - 1 }, (_, i) => ({
      id: `msg-${id}-${String(i)}`,
      ticket_id: id,
      author_id: client.id,
      from_staff: 0,
      body: `mensagem ${String(i)}`,
      created_at: t.clock.now(),
    }));
    await t.database.db.insertInto('support_messages').values(rows).execute();
    const refused = await t.as(client).post(`/api/support/tickets/${id}/messages`, {
      message: 'mais uma',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: text.tooManyMessages, code: 'TICKET_FULL' });
    expect((await detailFor(client, id)).messages).toHaveLength(SUPPORT_LIMITS.messagesPerTicket);
  });
});
