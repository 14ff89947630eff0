import type { KeyObject } from 'node:crypto';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type {
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderPublicKey,
  LoaderRefusal,
  LoaderRefusalCode,
  LoaderSecurityEventSuccess,
  SecurityEventsPage,
  UpdateProductProtection,
} from '@chaveiro/contract';
import { LOADER_REFUSALS, messages, protectionMessages as text } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Receiver } from '../../testing/http-receiver.js';
import { startReceiver } from '../../testing/http-receiver.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;
let publicKey: KeyObject;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  admin = await t.createUser({ role: 'admin' });
  const key = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  publicKey = createPublicKey(key.json<LoaderPublicKey>().pem);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => receiver.reset());

const newNonce = () => randomBytes(16).toString('base64url');
const newHwid = () => `PC-${randomBytes(6).toString('hex').toUpperCase()}`;

interface Answer<T> {
  status: number;
  data: T | LoaderRefusal;
}

/** A loader call whose answer must be signed with the published key. */
async function askLoader<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: Record<string, unknown>,
  ip?: string,
): Promise<Answer<T>> {
  const response = await t.as(null, { ip }).request(method, url, body);
  const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
  expect(verify(null, response.rawPayload, publicKey, signature)).toBe(true);
  const envelope = JSON.parse(response.rawPayload.toString('utf8')) as LoaderEnvelope<T>;
  return { status: response.statusCode, data: envelope.data };
}

function expectRefusal(answer: Answer<unknown>, code: LoaderRefusalCode): void {
  expect(answer.data).toEqual({ ok: false, code, message: messages.loader.refusals[code] });
  expect(answer.status).toBe(LOADER_REFUSALS[code]);
}

interface Customer {
  account: TestUser;
  product: { id: string; name: string };
  subscription: { id: string };
  hwid: string;
  session: string;
}

/** A client with a running subscription of a new product, its loader signed in on one machine. */
async function signedIn(
  protection: UpdateProductProtection = {},
  user: Parameters<TestApp['createUser']>[0] = {},
): Promise<Customer> {
  const account = await t.createUser(user);
  const product = await t.fixtures.product();
  const subscription = await t.fixtures.subscription(account.id, product.id, { maxDevices: 2 });
  await setProtection(product.id, protection);
  const hwid = newHwid();
  const session = await signIn({ account, product }, hwid);
  return { account, product, subscription, hwid, session };
}

async function signIn(c: Pick<Customer, 'account' | 'product'>, hwid: string): Promise<string> {
  const answer = await askLoader<LoaderAuthSuccess>('POST', '/api/loader/auth', {
    nonce: newNonce(),
    productId: c.product.id,
    hwid,
    identifier: c.account.username,
    password: c.account.password,
  });
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  return (answer.data as LoaderAuthSuccess).session;
}

async function setProtection(productId: string, body: UpdateProductProtection): Promise<void> {
  if (Object.keys(body).length === 0) return;
  const response = await t.as(admin).patch(`/api/products/${productId}/protection`, body);
  expect(response.statusCode, response.body).toBe(200);
}

function report(session: string, kind: string, detail?: string, ip?: string) {
  return askLoader<LoaderSecurityEventSuccess>(
    'POST',
    '/api/loader/security-event',
    { session, nonce: newNonce(), kind, ...(detail === undefined ? {} : { detail }) },
    ip,
  );
}

function heartbeat(session: string) {
  return askLoader('POST', '/api/loader/heartbeat', { session, nonce: newNonce() });
}

function storedEvents(userId: string) {
  return t.database.db
    .selectFrom('loader_security_events')
    .select(['kind', 'detail', 'action', 'hwid', 'machine_id', 'resolved_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function actions(target: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('action')
    .where('target', '=', target)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('POST /api/loader/security-event', () => {
  it('records a signal by default and leaves the session running', async () => {
    const c = await signedIn();
    const answer = await report(c.session, 'debugger', '  x64dbg attached  ');
    expect(answer).toEqual({ status: 200, data: { ok: true, action: 'record' } });
    expect(await storedEvents(c.account.id)).toEqual([
      {
        kind: 'debugger',
        detail: 'x64dbg attached',
        action: 'record',
        hwid: c.hwid,
        machine_id: expect.any(String) as string,
        resolved_at: null,
      },
    ]);
    expect((await heartbeat(c.session)).status).toBe(200);
  });

  it('ends the machine’s sessions: heartbeat and download say SESSION_ENDED, a new sign-in works', async () => {
    const c = await signedIn({ securityRules: { hooked_api: 'end_session' } });
    t.clock.advance(1_000);
    expect((await report(c.session, 'hooked_api')).data).toEqual({
      ok: true,
      action: 'end_session',
    });
    expectRefusal(await heartbeat(c.session), 'SESSION_ENDED');
    expectRefusal(
      await askLoader('GET', `/api/loader/download?session=${c.session}&nonce=${newNonce()}`),
      'SESSION_ENDED',
    );
    expect(await actions(`user:${c.account.id}`)).toEqual([
      messages.loader.logSessionEnded(messages.loader.reasons.sessionEnded, c.account.username),
    ]);
    // A session opened after the end is not concerned.
    t.clock.advance(1);
    const again = await signIn(c, c.hwid);
    expect((await heartbeat(again)).status).toBe(200);
  });

  it('blacklists the HWID and ends the session: the next sign-in is HWID_BLACKLISTED', async () => {
    const c = await signedIn({ securityRules: { self_check_failed: 'blacklist_hwid' } });
    expect((await report(c.session, 'self_check_failed', 'crc')).data).toEqual({
      ok: true,
      action: 'blacklist_hwid',
    });
    expectRefusal(await heartbeat(c.session), 'SESSION_ENDED');
    const blocked = await t.database.db
      .selectFrom('hwid_blacklist')
      .select(['hwid', 'reason', 'user_id'])
      .where('product_id', '=', c.product.id)
      .execute();
    expect(blocked).toEqual([
      { hwid: c.hwid.toLowerCase(), reason: text.signals.self_check_failed, user_id: c.account.id },
    ]);
    expect(await actions(`product:${c.product.id}`)).toContain(
      text.logTamperBlacklisted(c.hwid, c.product.name, text.signals.self_check_failed),
    );
    t.clock.advance(1);
    expectRefusal(
      await askLoader('POST', '/api/loader/auth', {
        nonce: newNonce(),
        productId: c.product.id,
        hwid: c.hwid,
        identifier: c.account.username,
        password: c.account.password,
      }),
      'HWID_BLACKLISTED',
    );
  });

  it('never blacklists an HWID another active account has bound: it only ends the session', async () => {
    const c = await signedIn({ securityRules: { debugger: 'blacklist_hwid' } });
    const other = await t.createUser();
    const theirs = await t.fixtures.subscription(other.id, c.product.id);
    await t.fixtures.machine(theirs.id, c.hwid);
    expect((await report(c.session, 'debugger')).data).toEqual({
      ok: true,
      action: 'end_session',
    });
    expectRefusal(await heartbeat(c.session), 'SESSION_ENDED');
    const blocked = await t.database.db
      .selectFrom('hwid_blacklist')
      .select('hwid')
      .where('product_id', '=', c.product.id)
      .execute();
    expect(blocked).toEqual([]);
  });

  it('bans the account through the ban path: ACCOUNT_BANNED, user.banned, the audit line', async () => {
    const c = await signedIn({ securityRules: { debugger: 'ban_account' } });
    expect((await report(c.session, 'debugger')).data).toEqual({
      ok: true,
      action: 'ban_account',
    });
    expectRefusal(await heartbeat(c.session), 'ACCOUNT_BANNED');
    const user = await t.database.db
      .selectFrom('users')
      .select(['status', 'token_version'])
      .where('id', '=', c.account.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 'banned', token_version: 1 });
    expect(await actions(`user:${c.account.id}`)).toContain(
      text.logTamperBanned(c.account.username, c.product.name, text.signals.debugger),
    );
    const banned = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'user.banned')
      .execute();
    expect(banned.map((row) => JSON.parse(row.payload) as { userId: string })).toContainEqual({
      userId: c.account.id,
      by: c.account.id,
    });
  });

  it('never bans an administrator: the rule ends the session instead', async () => {
    const c = await signedIn({ securityRules: { debugger: 'ban_account' } }, { role: 'admin' });
    expect((await report(c.session, 'debugger')).data).toEqual({
      ok: true,
      action: 'end_session',
    });
    const user = await t.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', c.account.id)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
  });

  it('takes 6 reports per machine in 10 minutes, then RATE_LIMITED with nothing stored', async () => {
    const c = await signedIn();
    for (let i = 0; i < 6; i += 1) {
      expect((await report(c.session, 'debugger')).status).toBe(200);
    }
    expectRefusal(await report(c.session, 'debugger'), 'RATE_LIMITED');
    expect(await storedEvents(c.account.id)).toHaveLength(6);
    // Per machine: the account's other machine still reports.
    const other = await signIn(c, newHwid());
    expect((await report(other, 'hooked_api')).status).toBe(200);
  });

  it('refuses a kind it does not know, a detail too long and a dead session', async () => {
    const c = await signedIn();
    const kind = await report(c.session, 'unknown_loader');
    expect(kind).toEqual({
      status: 400,
      data: { ok: false, code: 'INVALID_REQUEST', message: messages.loader.securityKindInvalid },
    });
    expect((await report(c.session, 'debugger', 'x'.repeat(201))).status).toBe(400);
    expectRefusal(await report('v1.forged.token', 'debugger'), 'SESSION_INVALID');
    expect(await storedEvents(c.account.id)).toEqual([]);
  });
});

describe('the "Segurança" queue', () => {
  it('lists events newest first with product and account, filters them, and resolves one', async () => {
    const c = await signedIn();
    await report(c.session, 'debugger', 'primeiro');
    t.clock.advance(1_000);
    await report(c.session, 'hooked_api');

    const page = await t.as(admin).get(`/api/security-events?userId=${c.account.id}&status=open`);
    expect(page.statusCode, page.body).toBe(200);
    const listed = page.json<SecurityEventsPage>();
    expect(listed).toMatchObject({ total: 2, page: 1 });
    expect(listed.items.map((e) => e.kind)).toEqual(['hooked_api', 'debugger']);
    expect(listed.items[1]).toEqual({
      id: expect.any(String) as string,
      product: { id: c.product.id, name: c.product.name },
      user: { id: c.account.id, username: c.account.username },
      username: c.account.username,
      subscriptionId: c.subscription.id,
      machineId: expect.any(String) as string,
      hwid: c.hwid,
      kind: 'debugger',
      detail: 'primeiro',
      action: 'record',
      ip: expect.any(String) as string,
      createdAt: new Date(t.clock.now() - 1_000).toISOString(),
      resolvedAt: null,
      resolvedBy: null,
    });
    const byKind = await t
      .as(admin)
      .get(`/api/security-events?userId=${c.account.id}&kind=debugger`);
    expect(byKind.json<SecurityEventsPage>().items.map((e) => e.detail)).toEqual(['primeiro']);

    const target = listed.items[1]!.id;
    const resolved = await t.as(admin).post(`/api/security-events/${target}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ message: text.securityResolvedToast });
    // Again: nothing changes, no second audit line.
    expect((await t.as(admin).post(`/api/security-events/${target}/resolve`)).statusCode).toBe(200);
    expect(
      (await actions(`user:${c.account.id}`)).filter(
        (line) =>
          line ===
          text.logSecurityResolved(text.signals.debugger, c.account.username, c.product.name),
      ),
    ).toHaveLength(1);

    const open = await t.as(admin).get(`/api/security-events?userId=${c.account.id}`);
    expect(open.json<SecurityEventsPage>().items.map((e) => e.kind)).toEqual(['hooked_api']);
    const done = await t
      .as(admin)
      .get(`/api/security-events?userId=${c.account.id}&status=resolved`);
    expect(done.json<SecurityEventsPage>().items).toEqual([
      expect.objectContaining({
        id: target,
        resolvedAt: new Date(t.clock.now()).toISOString(),
        resolvedBy: admin.username,
      }),
    ]);
    const all = await t.as(admin).get(`/api/security-events?userId=${c.account.id}&status=all`);
    expect(all.json<SecurityEventsPage>().total).toBe(2);
  });

  it('is the admin’s alone; an unknown event is a 404 in pt-BR', async () => {
    const client = await t.createUser();
    expect((await t.as(client).get('/api/security-events')).statusCode).toBe(403);
    expect((await t.as(client).post('/api/security-events/x/resolve')).statusCode).toBe(403);
    const unknown = await t.as(admin).post('/api/security-events/nope/resolve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: text.securityEventNotFound });
    const bad = await t.as(admin).get('/api/security-events?status=closed');
    expect(bad.statusCode).toBe(400);
  });
});

describe('loader.tampered', () => {
  it('goes out as a webhook with the signal and the action taken', async () => {
    await t.database.db.deleteFrom('webhook_endpoints').execute();
    const endpoint = await t
      .as(admin)
      .post('/api/admin/webhooks', { url: `${receiver.origin}/hook`, events: ['loader.tampered'] });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const c = await signedIn({ securityRules: { hooked_api: 'end_session' } });
    await report(c.session, 'hooked_api', 'VirtualProtect');
    await t.app.outbox.idle();
    await t.app.jobs.webhookDispatcher.runOnce();

    expect(receiver.requests).toHaveLength(1);
    const body = JSON.parse(receiver.requests[0]!.body) as { type: string; data: unknown };
    expect(body.type).toBe('loader.tampered');
    expect(body.data).toEqual({
      securityEventId: expect.any(String) as string,
      user: { id: c.account.id, username: c.account.username, email: c.account.email },
      product: { id: c.product.id, name: c.product.name },
      subscriptionId: c.subscription.id,
      machineId: expect.any(String) as string,
      hwid: c.hwid,
      kind: 'hooked_api',
      detail: 'VirtualProtect',
      action: 'end_session',
      ip: expect.any(String) as string,
    });
  });
});
