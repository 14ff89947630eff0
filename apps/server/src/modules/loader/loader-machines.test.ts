import { randomBytes } from 'node:crypto';
import type {
  ClientDashboard,
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderRefusal,
  NotificationsPage,
} from '@chaveiro/contract';
import { LOADER_REFUSALS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode } from '../../platform/crypto/totp.js';
import { DAY } from '../../testing/fixtures.js';
import type { SmtpInbox } from '../../testing/smtp-inbox.js';
import { startSmtpInbox } from '../../testing/smtp-inbox.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://chaveiro.example' },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const newHwid = () => `PC-${randomBytes(10).toString('hex').toUpperCase()}`;

async function auth(body: Record<string, unknown>, ip?: string) {
  const response = await t.as(null, { ip }).post('/api/loader/auth', {
    nonce: randomBytes(16).toString('base64url'),
    hwid: newHwid(),
    ...body,
  });
  const { data } = response.json<LoaderEnvelope<LoaderAuthSuccess | LoaderRefusal>>();
  return { status: response.statusCode, data };
}

/** The user's bell, once the handlers that follow the answers so far ran. */
async function notifications(user: TestUser) {
  await t.app.outbox.idle();
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: user.headers,
  });
  return response.json<NotificationsPage>().items;
}

async function machines(user: TestUser) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/client/dashboard',
    headers: user.headers,
  });
  return response.json<ClientDashboard>().subscriptions.flatMap((sub) => sub.machines);
}

function release(user: TestUser, subscriptionId: string, machineId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/client/subscriptions/${subscriptionId}/machines/${machineId}`,
    headers: user.headers,
  });
}

/** A buyer who redeemed a key from the loader (key + account) on their own machine. */
async function buyerWithKey() {
  const buyer = await t.createUser();
  const product = await t.fixtures.product({ name: 'Aim Pro' });
  const key = await t.fixtures.key(product.id);
  const login = { identifier: buyer.username, password: buyer.password };
  const hwid = newHwid();
  const first = await auth({ productId: product.id, hwid, key: key.key, ...login });
  expect(first.data.ok).toBe(true);
  await inbox.waitFor(buyer.email);
  return { buyer, product, key, login, hwid };
}

describe('a sold key', () => {
  it('binds no new machine on its own: whoever saw it before the sale is refused', async () => {
    const { buyer, product, key, login, hwid } = await buyerWithKey();

    // The reseller, who saw the key before selling it, tries from their own machine.
    const stolen = await auth({ productId: product.id, key: key.key });

    expect(stolen.status).toBe(LOADER_REFUSALS.ACCOUNT_LOGIN_REQUIRED);
    expect(stolen.data).toEqual({
      ok: false,
      code: 'ACCOUNT_LOGIN_REQUIRED',
      message: messages.loader.refusals.ACCOUNT_LOGIN_REQUIRED,
    });
    expect(await machines(buyer)).toHaveLength(1);
    // The buyer's machine still opens with the key alone, and their account binds new ones.
    expect((await auth({ productId: product.id, hwid, key: key.key })).data.ok).toBe(true);
    const sub = await t.database.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('subscriptions')
      .set({ max_devices: 2 })
      .where('id', '=', sub.id)
      .execute();
    expect((await auth({ productId: product.id, ...login })).data.ok).toBe(true);
    expect(await machines(buyer)).toHaveLength(2);
  });
});

describe('the key an account was made from', () => {
  it('is that account’s credential: it binds a new machine alone (with the 2FA code); another key redeemed into it is not', async () => {
    const product = await t.fixtures.product();
    const made = await t.fixtures.key(product.id, { status: 'used' });
    // As a KeyAuth loader's `license` makes it: named by the key, the key as its credential.
    const owner = await t.createUser({ username: made.key });
    await t.database.db
      .updateTable('users')
      .set({ credential_key_id: made.id })
      .where('id', '=', owner.id)
      .execute();
    await t.database.db
      .updateTable('license_keys')
      .set({ redeemed_by: owner.id, redeemed_at: t.clock.now() })
      .where('id', '=', made.id)
      .execute();
    await t.fixtures.subscription(owner.id, product.id, { maxDevices: 3 });
    expect((await auth({ productId: product.id, key: made.key })).data.ok).toBe(true);

    const secret = newTotpSecret();
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where('id', '=', owner.id)
      .execute();
    expect((await auth({ productId: product.id, key: made.key })).data).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    const withCode = await auth({
      productId: product.id,
      key: made.key,
      totp: totpCode(secret, t.clock.now()),
    });
    expect(withCode.data.ok).toBe(true);

    const other = await t.fixtures.key(product.id, { status: 'used', redeemedBy: owner.id });
    const refused = await auth({ productId: product.id, key: other.key });
    expect(refused.data).toMatchObject({ ok: false, code: 'ACCOUNT_LOGIN_REQUIRED' });
    expect(await machines(owner)).toHaveLength(2);
  });
});

describe('a new machine bound to a subscription', () => {
  it('tells its owner by bell and e-mail: product, short HWID, time, IP and where to release it', async () => {
    const buyer = await t.createUser();
    const product = await t.fixtures.product({ name: 'Wall Hack' });
    await t.fixtures.subscription(buyer.id, product.id);
    const hwid = 'DESKTOP-ABCDEFGHIJKLMNOPQRSTUVWXYZ-123456';
    const ip = '10.9.8.7';

    const answer = await auth(
      { productId: product.id, hwid, identifier: buyer.username, password: buyer.password },
      ip,
    );
    expect(answer.data.ok).toBe(true);

    const summary = messages.notifications.machineBoundBody(
      'Wall Hack',
      'DESKTOP-…123456',
      '15/01/2026 09:00',
      ip,
    );
    expect(await notifications(buyer)).toEqual([
      expect.objectContaining({
        kind: 'machine_bound',
        title: messages.notifications.machineBoundTitle,
        body: summary,
        link: '/dashboard',
        read: false,
      }),
    ]);
    const mail = await inbox.waitFor(buyer.email);
    expect(mail.subject).toBe('Novo computador vinculado a Wall Hack');
    expect(mail.body).toContain(summary);
    expect(inbox.linkIn(mail, '/dashboard')).toBe('https://chaveiro.example/dashboard');

    // The same machine again is no news.
    const again = await auth({
      productId: product.id,
      hwid,
      identifier: buyer.username,
      password: buyer.password,
    });
    expect(again.data.ok).toBe(true);
    expect(await notifications(buyer)).toHaveLength(1);
  });
});

describe("releasing one machine ('Liberar')", () => {
  async function boundMachine(credits = 3) {
    const owner = await t.createUser();
    const product = await t.fixtures.product();
    const sub = await t.fixtures.subscription(owner.id, product.id, {
      maxDevices: 2,
      hwidResetCredits: credits,
    });
    const login = { identifier: owner.username, password: owner.password };
    expect((await auth({ productId: product.id, ...login })).data.ok).toBe(true);
    const [machine] = await machines(owner);
    return { owner, product, sub, login, machine: machine! };
  }

  it('frees a machine bound in the last 24 h at no cost, once per 30 days, ending its session', async () => {
    const { owner, product, sub, login, machine } = await boundMachine();
    expect(machine.free_release).toBe(true);

    const freed = await release(owner, sub.id, machine.id);

    expect(freed.statusCode).toBe(200);
    expect(freed.json()).toEqual({ message: messages.client.machineReleasedFree });
    expect(await machines(owner)).toEqual([]);
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ hwid_reset_credits: 3 });

    // Another fresh machine the same month: the free release is spent, a credit pays.
    expect((await auth({ productId: product.id, ...login })).data.ok).toBe(true);
    const [next] = await machines(owner);
    expect(next?.free_release).toBe(false);
    const paid = await release(owner, sub.id, next!.id);
    expect(paid.json()).toEqual({ message: messages.client.machineReleased });
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ hwid_reset_credits: 2 });
  });

  it('charges a reset credit for a machine bound over 24 h ago, and refuses without credits', async () => {
    const owner = await t.createUser();
    const sub = await t.fixtures.subscription(owner.id, (await t.fixtures.product()).id, {
      hwidResetCredits: 0,
    });
    await t.fixtures.machine(sub.id, newHwid(), t.clock.now() - DAY - 1);
    const [machine] = await machines(owner);
    expect(machine?.free_release).toBe(false);

    const refused = await release(owner, sub.id, machine!.id);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: messages.errors.noResetCredits,
      code: 'NO_RESET_CREDITS',
    });
    expect(await machines(owner)).toHaveLength(1);
  });

  it("answers 404 for another user's subscription or machine, and for a machine already released", async () => {
    const a = await boundMachine();
    const b = await boundMachine();

    expect((await release(b.owner, a.sub.id, a.machine.id)).statusCode).toBe(404);
    expect((await release(b.owner, b.sub.id, a.machine.id)).statusCode).toBe(404);
    expect(await machines(a.owner)).toHaveLength(1);

    const twice = await Promise.all([
      release(a.owner, a.sub.id, a.machine.id),
      release(a.owner, a.sub.id, a.machine.id),
    ]);
    expect(twice.map((response) => response.statusCode).sort()).toEqual([200, 404]);
    expect(twice.find((response) => response.statusCode === 404)?.json()).toEqual({
      message: messages.client.machineNotFound,
      code: 'NOT_FOUND',
    });
  });
});
