import { labels, messages } from '@chaveiro/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { expectToast, launchBrowser, PHONE, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = {
  username: 'cliente_suporte',
  email: 'suporte@exemplo.test',
  password: 'senha-suporte',
};
const SUBJECT = 'Depósito não creditado';
const QUESTION = 'Fiz um PIX de R$ 50,00 ontem à noite e o saldo ainda não apareceu.';
const ANSWER = 'Olá! Encontramos o seu PIX e o saldo já foi creditado. Confira no topo da página.';
const THANKS = 'Apareceu aqui, muito obrigado!';

let server: RunningServer;
let browser: Browser;
let admin: string;
let client: string;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const created = await apiCall(server.url, 'POST', '/users', { token: admin, body: CLIENT });
  if (created.status !== 201) throw new Error(`create client: ${JSON.stringify(created.data)}`);
  client = await apiLogin(server.url, CLIENT.username, CLIENT.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await pages.closeAll();
});

const openPage = pages.open;

async function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
}

describe('support ticket round-trip', () => {
  it('a client opens a ticket, the admin answers, the bell leads back, the client replies and the admin closes it', async () => {
    // The client opens a ticket.
    const customer = await openPage(client);
    await customer.goto(`${server.url}/dashboard/support`);
    await customer.getByText('Nenhum ticket por aqui').waitFor();
    await customer.getByRole('button', { name: 'Novo ticket' }).first().click();
    const dialog = customer.getByRole('dialog', { name: 'Novo ticket' });
    await dialog.getByLabel('Assunto').fill(SUBJECT);
    await dialog.getByLabel('Mensagem').fill(QUESTION);
    await dialog.getByRole('button', { name: 'Abrir ticket' }).click();
    await expectToast(customer, messages.support.created);
    await customer.waitForURL(/\/dashboard\/support\?ticket=/);
    const ticketId = new URL(customer.url()).searchParams.get('ticket') ?? '';
    await customer.getByText(QUESTION).waitFor();
    await customer.getByText('Aberto', { exact: true }).first().waitFor();

    // The admin finds it in the queue on /admin/support and answers.
    const staff = await openPage(admin);
    await staff.goto(`${server.url}/admin/dashboard`);
    await staff.getByRole('link', { name: labels.adminNav.support }).first().click();
    await staff.waitForURL(`${server.url}/admin/support`);
    await staff.getByRole('link', { name: SUBJECT }).click();
    await staff.getByText(QUESTION).waitFor();
    await staff.getByText(new RegExp(`^De ${CLIENT.username} · aberto em`)).waitFor();
    await staff.getByLabel('Resposta').fill(ANSWER);
    await staff.getByRole('button', { name: 'Responder' }).click();
    await expectToast(staff, messages.support.answered);
    await staff.getByText('Respondido', { exact: true }).first().waitFor();
    // Checked on a fresh load: a toast fading in is not what a user reads.
    await staff.reload();
    await staff.getByText(ANSWER).waitFor();
    expect(await seriousAxeViolations(staff)).toEqual([]);
    await screenshot(staff, 'support-admin-thread-desktop-light');

    // The client's bell shows the unread answer (a new page load reads it at once).
    await customer.goto(`${server.url}/dashboard`);
    const bell = customer.getByRole('button', { name: 'Notificações (1 não lida)' });
    await bell.waitFor();
    await bell.click();
    const item = customer.getByRole('button', { name: /Seu ticket foi respondido/ });
    await item.waitFor();
    await customer.getByText(`${SUBJECT}: ${ANSWER}`).waitFor();
    await screenshot(customer, 'support-bell-popover-desktop-light');

    // Clicking the notification marks it read and lands on the thread with the answer.
    await item.click();
    await customer.waitForURL(`${server.url}/dashboard/support?ticket=${ticketId}`);
    // The thread (the closing popover may still show the notification's preview for a moment).
    await customer.getByRole('list', { name: 'Mensagens do ticket' }).getByText(ANSWER).waitFor();
    await customer.getByText('Equipe de suporte').waitFor();
    await customer.getByRole('button', { name: 'Notificações', exact: true }).waitFor();
    const inbox = await apiCall<{ unreadCount: number }>(server.url, 'GET', '/notifications', {
      token: client,
    });
    expect(inbox.data.unreadCount).toBe(0);

    // The client replies: the ticket goes back to the staff queue.
    await customer.getByLabel('Sua mensagem').fill(THANKS);
    await customer.getByRole('button', { name: 'Enviar' }).click();
    await customer.getByText(THANKS).waitFor();
    await customer.getByText('Aberto', { exact: true }).first().waitFor();
    await customer.reload();
    await customer.getByText(THANKS).waitFor();
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await screenshot(customer, 'support-customer-thread-desktop-light');

    // The admin sees the reply and closes the ticket.
    await staff.reload();
    await staff.getByText(THANKS).waitFor();
    await staff.getByRole('button', { name: 'Fechar', exact: true }).click();
    await staff
      .getByRole('alertdialog', { name: 'Fechar este ticket?' })
      .getByRole('button', { name: 'Fechar ticket' })
      .click();
    await expectToast(staff, messages.support.closedDone);
    await staff.getByText('Ticket fechado: não recebe novas mensagens.').waitFor();

    // The client can read it but no longer reply.
    await customer.reload();
    await customer.getByText(/Este ticket foi fechado/).waitFor();
    expect(await customer.getByLabel('Sua mensagem').count()).toBe(0);
    const detail = await apiCall<{ ticket: { status: string } }>(
      server.url,
      'GET',
      `/support/tickets/${ticketId}`,
      { token: client },
    );
    expect(detail.data.ticket.status).toBe('closed');
  });

  it('is usable on a phone in dark mode: ticket list, thread, bell popover and the staff queue', async () => {
    const phone = await openPage(client, PHONE, 'dark');
    await phone.goto(`${server.url}/dashboard/support`);
    await phone.getByRole('link', { name: new RegExp(SUBJECT) }).waitFor();
    expect(await noHorizontalOverflow(phone)).toBe(true);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'support-customer-list-phone-dark');

    await phone.getByRole('link', { name: new RegExp(SUBJECT) }).click();
    await phone.getByText(ANSWER).waitFor();
    expect(await noHorizontalOverflow(phone)).toBe(true);
    await screenshot(phone, 'support-customer-thread-phone-dark');

    await phone.getByRole('button', { name: /^Notificações/ }).click();
    await phone.getByText('Seu ticket foi respondido').waitFor();
    expect(await noHorizontalOverflow(phone)).toBe(true);
    await screenshot(phone, 'support-bell-popover-phone-dark');

    const staff = await openPage(admin, PHONE, 'dark');
    await staff.goto(`${server.url}/admin/support`);
    await staff.getByLabel('Status').selectOption({ label: 'Todos' });
    await staff.getByRole('link', { name: SUBJECT }).waitFor();
    expect(await noHorizontalOverflow(staff)).toBe(true);
    expect(await seriousAxeViolations(staff)).toEqual([]);
    await screenshot(staff, 'support-admin-list-phone-dark');
  });
});
