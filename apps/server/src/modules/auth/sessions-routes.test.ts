import { TIMING, accountMessages, messages } from '@chaveiro/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../platform/http/auth.js';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.js';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.js';
import { nextClientAddress } from '../../testing/test-client.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const PASSWORD = 'senha-forte-1';
const sessionInvalid = { message: messages.errors.sessionInvalid, code: 'UNAUTHORIZED' };

let t: TestApp;
let inbox: SmtpInbox;
let counter = 0;

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

/**
 * A verified account of its own that never logged in: the session createUser opens for its
 * `headers` is removed (tests that need a token log in).
 */
async function newUser(role: 'client' | 'admin' | 'reseller' = 'client'): Promise<TestUser> {
  counter += 1;
  const user = await t.createUser({
    username: `sessoes${counter}`,
    email: `sessoes${counter}@example.com`,
    password: PASSWORD,
    role,
  });
  await t.database.db.deleteFrom('user_sessions').where('user_id', '=', user.id).execute();
  return user;
}

async function login(
  user: { username: string },
  userAgent = CHROME_WINDOWS,
  ip = nextClientAddress(),
  password = PASSWORD,
): Promise<{ authorization: string }> {
  const response = await t
    .as(null, { ip })
    .post(
      '/api/auth/login',
      { identifier: user.username, password },
      { headers: { 'user-agent': userAgent } },
    );
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}

interface Listed {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

async function listSessions(headers: { authorization: string }): Promise<Listed[]> {
  const response = await t.as(headers).get('/api/profile/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ sessions: Listed[] }>().sessions;
}

function sidOf(headers: { authorization: string }): string {
  return String(decodeJwt(headers.authorization.slice('Bearer '.length)).sid);
}

/** A guarded call that only a live session passes. */
async function statusOf(headers: { authorization: string }): Promise<number> {
  return (await t.as(headers).get('/api/profile')).statusCode;
}

async function sessionRow(id: string) {
  return t.database.db
    .selectFrom('user_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function bellOf(user: TestUser) {
  await t.app.outbox.drain();
  return t.database.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link'])
    .where('user_id', '=', user.id)
    .execute();
}

describe('login sessions', () => {
  it('opens a server-side session per login, named by the token sid, and lists it', async () => {
    const user = await newUser();
    const chrome = await login(user, CHROME_WINDOWS, '203.0.113.10');
    const iphone = await login(user, SAFARI_IPHONE, '198.51.100.7');

    const row = await sessionRow(sidOf(chrome));
    expect(row).toMatchObject({
      user_id: user.id,
      device: 'Chrome no Windows',
      user_agent: CHROME_WINDOWS,
      ip: '203.0.113.10',
      created_at: t.clock.now(),
      last_seen_at: t.clock.now(),
      ended_at: null,
    });

    const listed = await listSessions(iphone);
    const at = new Date(t.clock.now()).toISOString();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        {
          id: sidOf(chrome),
          device: 'Chrome no Windows',
          ip: '203.0.113.10',
          createdAt: at,
          lastSeenAt: at,
          current: false,
        },
        {
          id: sidOf(iphone),
          device: 'Safari no iPhone',
          ip: '198.51.100.7',
          createdAt: at,
          lastSeenAt: at,
          current: true,
        },
      ]),
    );
  });

  it('refuses a token whose sid is another account’s session, or no session at all', async () => {
    const owner = await newUser();
    const other = await newUser();
    const ownerSession = await login(owner);
    const tokens = createTokenService(t.config.jwtSecret, t.clock);
    const borrowed = await tokens.sign({
      id: other.id,
      username: other.username,
      role: 'client',
      tokenVersion: 0,
      sessionId: sidOf(ownerSession),
    });
    const invented = await tokens.sign({
      id: owner.id,
      username: owner.username,
      role: 'client',
      tokenVersion: 0,
      sessionId: 'no-such-session',
    });
    for (const token of [borrowed, invented]) {
      const response = await t.as(token).get('/api/profile');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(sessionInvalid);
    }
    expect(await statusOf(ownerSession)).toBe(200);
  });

  it('writes last seen at most once per TIMING.sessionLastSeenWriteMs, off the request', async () => {
    const user = await newUser();
    const session = await login(user);
    const opened = t.clock.now();

    t.clock.advance(TIMING.sessionLastSeenWriteMs - 1_000);
    expect(await statusOf(session)).toBe(200);
    // Nothing to wait for: no write is due. A later request would show it had one been made.
    t.clock.advance(500);
    expect(await statusOf(session)).toBe(200);
    expect(Number((await sessionRow(sidOf(session))).last_seen_at)).toBe(opened);

    t.clock.advance(1_000);
    const seen = t.clock.now();
    expect(await statusOf(session)).toBe(200);
    await expect
      .poll(async () => Number((await sessionRow(sidOf(session))).last_seen_at))
      .toBe(seen);
    expect((await listSessions(session))[0]?.lastSeenAt).toBe(new Date(seen).toISOString());
  });
});

describe('ending sessions', () => {
  it('ends another session: its next request answers 401, this one goes on', async () => {
    const user = await newUser();
    const here = await login(user, CHROME_WINDOWS);
    const there = await login(user, FIREFOX_LINUX);
    expect(await statusOf(there)).toBe(200);

    const ended = await t.as(here).delete(`/api/profile/sessions/${sidOf(there)}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: accountMessages.sessionEnded });

    const refused = await t.as(there).get('/api/profile');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(sessionInvalid);
    expect(await statusOf(here)).toBe(200);
    expect((await listSessions(here)).map((session) => session.id)).toEqual([sidOf(here)]);
    expect((await sessionRow(sidOf(there))).ended_at).toBe(t.clock.now());

    // Ended already, or someone else's: not found, and nothing changes.
    const again = await t.as(here).delete(`/api/profile/sessions/${sidOf(there)}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      message: accountMessages.sessionNotFound,
      code: 'SESSION_NOT_FOUND',
    });
    const stranger = await newUser();
    const strangers = await login(stranger);
    const foreign = await t.as(strangers).delete(`/api/profile/sessions/${sidOf(here)}`);
    expect(foreign.statusCode).toBe(404);
    expect(await statusOf(here)).toBe(200);
  });

  it('ends all the others at once and says how many', async () => {
    const user = await newUser();
    const here = await login(user, CHROME_WINDOWS, '203.0.113.20');
    const others = [
      await login(user, FIREFOX_LINUX, '203.0.113.21'),
      await login(user, SAFARI_IPHONE, '203.0.113.22'),
    ];
    const bystander = await login(await newUser());

    const response = await t.as(here).post('/api/profile/sessions/end-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.othersEnded(2), ended: 2 });
    for (const other of others) expect(await statusOf(other)).toBe(401);
    expect(await statusOf(here)).toBe(200);
    expect(await statusOf(bystander)).toBe(200);

    const none = await t.as(here).post('/api/profile/sessions/end-others');
    expect(none.json()).toEqual({ message: accountMessages.othersEnded(0), ended: 0 });
  });

  it('logout ends the current session on the server: the same token answers 401 at once', async () => {
    const user = await newUser();
    const session = await login(user);
    const elsewhere = await login(user, FIREFOX_LINUX);

    const response = await t.as(session).post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.loggedOut });

    const after = await t.as(session).get('/api/profile');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(sessionInvalid);
    expect((await t.as(session).post('/api/auth/logout')).statusCode).toBe(401);
    expect(await statusOf(elsewhere)).toBe(200);
  });

  it('ending the current session from the list logs it out too', async () => {
    const user = await newUser();
    const session = await login(user);
    const response = await t.as(session).delete(`/api/profile/sessions/${sidOf(session)}`);
    expect(response.statusCode).toBe(200);
    expect(await statusOf(session)).toBe(401);
  });

  it('every role has its sessions; anonymous calls answer 401', async () => {
    for (const role of ['admin', 'reseller'] as const) {
      const user = await newUser(role);
      const session = await login(user);
      expect((await listSessions(session)).map((row) => row.current)).toEqual([true]);
      expect((await t.as(session).post('/api/auth/logout')).statusCode).toBe(200);
      expect(await statusOf(session)).toBe(401);
    }
    for (const [method, url] of [
      ['GET', '/api/profile/sessions'],
      ['DELETE', '/api/profile/sessions/abc'],
      ['POST', '/api/profile/sessions/end-others'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('answers 400, not 500, to an oversized session id', async () => {
    const session = await login(await newUser());
    const response = await t.as(session).delete(`/api/profile/sessions/${'x'.repeat(65)}`);
    expect(response.statusCode).toBe(400);
  });
});

describe('password changes end sessions', () => {
  it('a password change ends the other sessions and keeps this one, under the same sid', async () => {
    const user = await newUser();
    const here = await login(user, CHROME_WINDOWS);
    const there = await login(user, FIREFOX_LINUX);

    const response = await t.as(here).patch('/api/profile/password', {
      currentPassword: PASSWORD,
      newPassword: 'outra-senha-2',
    });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = { authorization: `Bearer ${response.json<{ token: string }>().token}` };

    expect(sidOf(fresh)).toBe(sidOf(here));
    expect(await statusOf(fresh)).toBe(200);
    // The old token of this session carried the old token_version.
    expect(await statusOf(here)).toBe(401);
    expect(await statusOf(there)).toBe(401);
    expect((await sessionRow(sidOf(there))).ended_at).toBe(t.clock.now());
    expect((await listSessions(fresh)).map((session) => session.id)).toEqual([sidOf(here)]);
  });

  it('a renamed user keeps the session: the fresh token carries the same sid', async () => {
    const user = await newUser();
    const session = await login(user);
    counter += 1;
    const response = await t.as(session).patch('/api/profile', {
      username: `renomeado${counter}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = { authorization: `Bearer ${response.json<{ token: string }>().token}` };
    expect(sidOf(fresh)).toBe(sidOf(session));
    expect(await statusOf(fresh)).toBe(200);
  });

  it('a password reset ends every session of the account', async () => {
    const user = await newUser();
    // Two sessions from the same browser and address: no new-device mail comes before the link.
    const ip = nextClientAddress();
    const sessions = [await login(user, CHROME_WINDOWS, ip), await login(user, CHROME_WINDOWS, ip)];

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const link = inbox.linkIn(await inbox.waitFor(user.email), '/reset-password?token=');
    const token = new URL(link).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'nova-senha-3' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    for (const session of sessions) {
      expect(await statusOf(session)).toBe(401);
      expect((await sessionRow(sidOf(session))).ended_at).toBe(t.clock.now());
    }
    const again = await login(user, CHROME_WINDOWS, nextClientAddress(), 'nova-senha-3');
    expect((await listSessions(again)).map((session) => session.id)).toEqual([sidOf(again)]);
  });

  it('a password set by an admin ends every session of the account', async () => {
    const admin = await newUser('admin');
    const user = await newUser();
    const session = await login(user);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/account`,
      headers: await login(admin),
      payload: { password: 'senha-do-admin-4' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(session)).toBe(401);
    expect((await sessionRow(sidOf(session))).ended_at).toBe(t.clock.now());
  });
});

describe('new-device alert', () => {
  it('tells the owner once, by bell and e-mail, of a login from a new browser or address', async () => {
    const user = await newUser();
    // The first login ever has nothing to compare with; the same browser and address again is known.
    await login(user, CHROME_WINDOWS, '203.0.113.30');
    await login(user, CHROME_WINDOWS, '203.0.113.30');
    expect(await bellOf(user)).toEqual([]);

    await login(user, FIREFOX_LINUX, '203.0.113.30');
    const bell = await bellOf(user);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      kind: 'new_device',
      title: accountMessages.newDeviceTitle,
      link: '/dashboard/profile',
    });
    expect(bell[0]?.body).toContain('Firefox no Linux (IP 203.0.113.30)');
    const mail = await inbox.waitFor(user.email);
    expect(mail.subject).toBe(accountMessages.newDeviceTitle);
    expect(mail.body).toContain('Firefox no Linux (IP 203.0.113.30)');
    expect(inbox.linkIn(mail, '/dashboard/profile')).toBe(
      'https://chaveiro.example/dashboard/profile',
    );

    // Known now, even after its session ended; a known browser from a new address is new.
    const firefox = await login(user, FIREFOX_LINUX, '203.0.113.30');
    await t.as(firefox).post('/api/auth/logout');
    await login(user, FIREFOX_LINUX, '203.0.113.30');
    expect(await bellOf(user)).toHaveLength(1);
    await login(user, CHROME_WINDOWS, '198.51.100.99');
    const after = await bellOf(user);
    expect(after).toHaveLength(2);
    expect(after.map((line) => line.body).join('\n')).toContain(
      'Chrome no Windows (IP 198.51.100.99)',
    );
    await inbox.waitFor(user.email);
  });

  it('points an admin to their own area', async () => {
    const admin = await newUser('admin');
    await login(admin, CHROME_WINDOWS, '203.0.113.40');
    await login(admin, SAFARI_IPHONE, '203.0.113.41');
    const bell = await bellOf(admin);
    expect(bell).toEqual([expect.objectContaining({ link: '/admin/dashboard' })]);
    const mail = await inbox.waitFor(admin.email);
    expect(inbox.linkIn(mail, '/admin/dashboard')).toBe('https://chaveiro.example/admin/dashboard');
  });
});

describe('maintenance gate', () => {
  it('lets a live admin session through and treats an ended one as anonymous', async () => {
    const admin = await newUser('admin');
    const client = await newUser();
    const adminSession = await login(admin);
    const clientSession = await login(client);
    const setting = (value: 'on' | 'off') =>
      t.as(adminSession).patch('/api/settings', { key: 'maintenance_mode', value });
    expect((await setting('on')).statusCode).toBe(200);
    try {
      const other = await login(admin, FIREFOX_LINUX);
      expect(await statusOf(other)).toBe(200);
      expect((await t.as(other).post('/api/auth/logout')).statusCode).toBe(200);
      const ended = await t.as(other).get('/api/profile');
      expect(ended.statusCode).toBe(503);
      expect(ended.json()).toMatchObject({ code: 'MAINTENANCE' });
      expect((await t.as(clientSession).get('/api/profile')).statusCode).toBe(503);
    } finally {
      expect((await setting('off')).statusCode).toBe(200);
    }
  });
});
