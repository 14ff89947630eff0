import type { NotificationPreferences } from '@chaveiro/contract';
import { DAY_MS, HOUR_MS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobLeases } from '../../platform/jobs/job-leases.js';
import { createJobLeasesRepository } from '../../platform/jobs/job-leases-repository.js';
import { createMailer } from '../../platform/mail/mail.js';
import type { Mailer } from '../../platform/mail/mail.js';
import { changeProductStatus } from '../../testing/product-status.js';
import type { SmtpInbox } from '../../testing/smtp-inbox.js';
import { startSmtpInbox } from '../../testing/smtp-inbox.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import {
  STATUS_MAIL_MAX_WAIT_MS,
  STATUS_MAIL_QUIET_MS,
  createProductStatusMail,
} from './product-status-mail.js';
import { createProductStatusMailRepository } from './product-status-mail-repository.js';
import { createUnsubscribeLinks } from './unsubscribe-links.js';

const text = messages.notifications;
const PUBLIC_URL = 'https://chaveiro.example';
let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL } });
  // The tests run the job themselves, on the moved clock.
  await t.app.jobs.productStatusMail.stop();
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
beforeEach(() => {
  inbox.mails.length = 0;
});

function mailsTo(user: TestUser) {
  return inbox.mails.filter((mail) => mail.to.includes(user.email.toLowerCase()));
}

/** The quiet period passed, then the job's run. */
async function quietThenSend(): Promise<number> {
  t.clock.advance(STATUS_MAIL_QUIET_MS);
  return t.app.jobs.productStatusMail.runOnce();
}

async function subscribedProduct(name: string, count: number) {
  const product = await t.fixtures.product({ name });
  const users = await Promise.all(Array.from({ length: count }, () => t.createUser()));
  const subscriptions = [];
  for (const user of users) subscriptions.push(await t.fixtures.subscription(user.id, product.id));
  return { product, users, subscriptions };
}

describe('the product status e-mail', () => {
  it('goes once per change after its quiet period, never per toggle, and not to who turned it off', async () => {
    const {
      product,
      users: [fan, quiet],
    } = await subscribedProduct('Valorant Pro', 2);
    const off = await t.as(quiet!).put('/api/notifications/preferences', {
      productStatusMail: false,
    });
    expect(off.statusCode, off.body).toBe(200);

    await changeProductStatus(t, product, { status: 'updating', note: 'Previsão 48 h' });
    t.clock.advance(10_000);
    await changeProductStatus(t, product, { status: 'operational' });
    t.clock.advance(10_000);
    await changeProductStatus(t, product, { status: 'updating', note: 'Previsão 48 h' });
    t.clock.advance(STATUS_MAIL_QUIET_MS - 1);
    expect(await t.app.jobs.productStatusMail.runOnce()).toBe(0);
    expect(inbox.mails).toEqual([]);

    expect(await quietThenSend()).toBe(1);
    const [mail] = mailsTo(fan!);
    expect(mail?.subject).toBe('Valorant Pro está em atualização');
    expect(mail?.body).toContain(
      'Valorant Pro está em atualização: Previsão 48 h. O tempo da sua assinatura está congelado.',
    );
    expect(inbox.linkIn(mail!, '/dashboard')).toBe(`${PUBLIC_URL}/dashboard`);
    expect(mailsTo(quiet!)).toEqual([]);
    expect(await t.app.jobs.productStatusMail.runOnce()).toBe(0);
    expect(inbox.mails).toHaveLength(1);

    // Down and back up within the quiet period: the status mailed is still the status.
    await changeProductStatus(t, product, { status: 'operational' });
    await changeProductStatus(t, product, { status: 'updating' });
    expect(await quietThenSend()).toBe(0);
    expect(inbox.mails).toHaveLength(1);
  });

  it('tells each subscriber the time its own subscription got back when the product returns', async () => {
    const { product, users, subscriptions } = await subscribedProduct('Spoofer Max', 2);
    await changeProductStatus(t, product, { status: 'unavailable' });
    await quietThenSend();
    expect(mailsTo(users[0]!)[0]?.subject).toBe('Spoofer Max está indisponível');

    t.clock.advance(2 * DAY_MS);
    await t.database.db
      .updateTable('subscriptions')
      .set({ given_back_ms: 2 * DAY_MS + 4 * HOUR_MS, given_back_at: t.clock.now() })
      .where('id', '=', subscriptions[0]!.id)
      .execute();
    await changeProductStatus(t, product, {
      status: 'operational',
      givenBackMs: 2 * DAY_MS + 4 * HOUR_MS,
      subscriptionsAffected: 1,
    });
    await quietThenSend();
    const [back] = mailsTo(users[0]!).slice(-1);
    expect(back?.subject).toBe('Spoofer Max voltou a funcionar');
    expect(back?.body).toContain(
      'Spoofer Max voltou a funcionar. 2 d 4 h devolvidos à sua assinatura.',
    );
    const [other] = mailsTo(users[1]!).slice(-1);
    expect(other?.body).toContain('Spoofer Max voltou a funcionar.');
    expect(other?.body).not.toContain('devolvidos');
  });

  it('mails a change that never goes quiet once it has waited its longest', async () => {
    const {
      product,
      users: [fan],
    } = await subscribedProduct('Sempre Mudando', 1);
    // A change a minute, each run a minute later: the 15th run is 15 min after the first change.
    for (let minute = 0; minute < 16; minute++) {
      await changeProductStatus(t, product, {
        status: minute % 2 === 0 ? 'updating' : 'unavailable',
      });
      t.clock.advance(60_000);
      await t.app.jobs.productStatusMail.runOnce();
      expect(mailsTo(fan!)).toHaveLength(minute < 14 ? 0 : 1);
    }
    expect(STATUS_MAIL_MAX_WAIT_MS).toBe(15 * 60_000);
    expect(mailsTo(fan!)[0]?.subject).toBe('Sempre Mudando está em atualização');
  });
});

describe('turning the e-mails off', () => {
  it('the preference is the owner’s: on by default, off and on again, strict body in pt-BR', async () => {
    const user = await t.createUser();
    const read = async () => {
      const response = await t.as(user).get('/api/notifications/preferences');
      expect(response.statusCode).toBe(200);
      return response.json<NotificationPreferences>();
    };
    expect(await read()).toEqual({ productStatusMail: true });

    const off = await t
      .as(user)
      .put('/api/notifications/preferences', { productStatusMail: false });
    expect(off.json()).toEqual({ message: text.preferencesSaved(false), productStatusMail: false });
    expect(await read()).toEqual({ productStatusMail: false });
    await t.as(user).put('/api/notifications/preferences', { productStatusMail: true });
    expect(await read()).toEqual({ productStatusMail: true });

    for (const [body, message] of [
      [{ productStatusMail: 'no' }, text.preferencesInvalid],
      [{}, text.preferencesInvalid],
      [{ productStatusMail: true, userId: 'other' }, 'Campo não permitido: userId.'],
    ] as const) {
      const refused = await t.as(user).put('/api/notifications/preferences', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    expect((await t.anonymous.get('/api/notifications/preferences')).statusCode).toBe(401);
    expect(
      (await t.anonymous.put('/api/notifications/preferences', { productStatusMail: false }))
        .statusCode,
    ).toBe(401);
  });

  it('the e-mail’s signed link asks first, then turns them off in one click (List-Unsubscribe)', async () => {
    const {
      product,
      users: [fan, next],
    } = await subscribedProduct('Com Link', 2);
    await changeProductStatus(t, product, { status: 'updating' });
    await quietThenSend();
    const [mail] = mailsTo(fan!);
    const link = inbox.linkIn(mail!, '/api/notifications/unsubscribe');
    expect(link.startsWith(`${PUBLIC_URL}/api/notifications/unsubscribe?`)).toBe(true);
    expect(mail?.headers).toContain(`List-Unsubscribe: <${link}>`);
    expect(mail?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail?.body).toContain(text.productStatusMailUnsubscribe);
    const path = link.slice(PUBLIC_URL.length);

    // Opening the link (or a mail scanner fetching it) changes nothing.
    const page = await t.anonymous.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(text.unsubscribeButton);
    expect(page.body).toContain('method="post"');
    const preference = async (user: TestUser) =>
      (await t.as(user).get('/api/notifications/preferences')).json<NotificationPreferences>()
        .productStatusMail;
    expect(await preference(fan!)).toBe(true);

    // The mail client's one-click POST (RFC 8058), or the page's button.
    const done = await t.anonymous.post(path, 'List-Unsubscribe=One-Click', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('você não receberá mais e-mails de status');
    expect(await preference(fan!)).toBe(false);
    expect(await preference(next!)).toBe(true);

    // Another account's id under this signature, or no signature: refused, nothing changed.
    const forged = path.replace(fan!.id, next!.id);
    for (const bad of [forged, '/api/notifications/unsubscribe', `${path}x`]) {
      const refused = await t.anonymous.post(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(text.unsubscribeInvalid);
      expect((await t.anonymous.get(bad)).statusCode).toBe(400);
    }
    expect(await preference(next!)).toBe(true);

    await changeProductStatus(t, product, { status: 'operational' });
    await quietThenSend();
    expect(mailsTo(fan!)).toHaveLength(1);
    expect(mailsTo(next!)).toHaveLength(2);
  });
});

describe('a send in batches', () => {
  it('resumes after the mail server failed mid-send: everyone gets exactly one mail', async () => {
    const { product, users } = await subscribedProduct('Em Lotes', 7);
    const smtp = createMailer({
      smtpUrl: inbox.url,
      outboxDir: '/nonexistent',
      from: 'Chaveiro <no-reply@example.com>',
      logger: { info: () => undefined },
    });
    let sendsBeforeFailure = 3;
    const failing: Mailer = {
      async send(mail) {
        if (sendsBeforeFailure-- <= 0) {
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
        }
        await smtp.send(mail);
      },
    };
    const job = (mailer: Mailer) =>
      createProductStatusMail({
        clock: t.clock,
        jobLeases: createJobLeases({
          repository: createJobLeasesRepository(t.database),
          clock: t.clock,
        }),
        config: t.config,
        mailer,
        repository: createProductStatusMailRepository(t.database.db),
        links: createUnsubscribeLinks(t.config.jwtSecret, t.config.publicUrl),
        log: t.app.log,
        batchSize: 2,
      });

    await changeProductStatus(t, product, { status: 'updating' });
    t.clock.advance(STATUS_MAIL_QUIET_MS);
    await job(failing).runOnce();
    expect(inbox.mails.length).toBeGreaterThanOrEqual(3);
    const sentBefore = inbox.mails.length;

    // It waits before trying the mail server again, then goes on where it stopped.
    expect(await job(smtp).runOnce()).toBe(0);
    t.clock.advance(60_000);
    await job(smtp).runOnce();
    expect(inbox.mails.length).toBeGreaterThan(sentBefore);
    for (const user of users) expect(mailsTo(user)).toHaveLength(1);
    expect(await job(smtp).runOnce()).toBe(0);
  });
});
