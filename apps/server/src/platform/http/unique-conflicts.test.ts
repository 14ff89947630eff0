import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../modules/users/index.js';
import type { SmtpInbox } from '../../testing/smtp-inbox.js';
import { startSmtpInbox } from '../../testing/smtp-inbox.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { newId } from '../core/ids.js';

const RACERS = 15;

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url },
    configure(app) {
      // Writes one user twice through the real repository: a unique index no check guards.
      app.post('/api/test/duplicate-user', async () => {
        const users = createUsersRepository(t.database.db);
        const row = {
          id: newId(),
          username: `dup_${Date.now()}`,
          email: `dup_${Date.now()}@example.com`,
          password_hash: 'x',
          role: 'client' as const,
          status: 'active' as const,
          email_verified_at: null,
          created_at: 0,
        };
        await users.insert(row);
        await users.insert({ ...row, username: `${row.username}_2`, email: `2_${row.email}` });
        return { ok: true };
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

function racers(): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: RACERS }, () => t.createUser()));
}

/** PATCH /api/profile as `user`; a string payload goes as raw JSON text, as a client sends it. */
function patchProfile(user: TestUser, payload: Record<string, unknown> | string) {
  const headers =
    typeof payload === 'string'
      ? { ...user.headers, 'content-type': 'application/json' }
      : user.headers;
  return t.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload });
}

function statuses(responses: { statusCode: number }[]): number[] {
  return responses.map((response) => response.statusCode).sort();
}

describe('unique index violations', () => {
  it(`answer 409 USERNAME_TAKEN to every loser of ${RACERS} parallel renames to one name`, async () => {
    const users = await racers();
    const responses = await Promise.all(
      users.map((user) => patchProfile(user, { username: 'nome_disputado' })),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(RACERS - 1).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({
        message: messages.auth.usernameTaken,
        code: 'USERNAME_TAKEN',
      });
    }
  });

  it(`answer 409 EMAIL_TAKEN to every loser of ${RACERS} parallel e-mail change confirmations`, async () => {
    const users = await racers();
    const address = 'disputado@example.com';
    for (const user of users) {
      const asked = await patchProfile(user, { email: address, currentPassword: user.password });
      expect(asked.statusCode).toBe(200);
    }
    const tokens: string[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const link = inbox.linkIn(await inbox.waitFor(address), '/verify-email?token=');
      tokens.push(new URL(link).searchParams.get('token') ?? '');
    }
    const responses = await Promise.all(
      tokens.map((token, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/auth/verify-email?token=${token}`,
          remoteAddress: `10.9.0.${i + 1}`,
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(RACERS - 1).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ message: messages.auth.emailTaken, code: 'EMAIL_TAKEN' });
    }
  });

  it('answer 409 CONFLICT with a generic pt-BR message for any other index', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-user' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.errors.conflict, code: 'CONFLICT' });
  });
});

describe('lone UTF-16 surrogates', () => {
  it('are refused with 400 before a name stored as U+FFFD can collide', async () => {
    const [holder, other] = await racers();
    const replaced = await patchProfile(holder!, { username: 'nome_\uFFFD' });
    expect(replaced.statusCode).toBe(200);
    for (const username of ['nome_\uD800', 'nome_\uDC00', '\uDFFFnome']) {
      // Escaped in the JSON text, as a client sends it: JSON.parse yields the lone surrogate.
      const response = await patchProfile(other!, JSON.stringify({ username }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: messages.errors.invalidCharacters,
        code: 'BAD_REQUEST',
      });
    }
  });

  it('are refused in keys too, while paired surrogates pass', async () => {
    const [user] = await racers();
    const key = await patchProfile(user!, '{"\\ud800":"x"}');
    expect(key.statusCode).toBe(400);
    expect(key.json<{ message: string }>().message).toBe(messages.errors.invalidCharacters);
    const emoji = await patchProfile(user!, { username: 'nome_😀' });
    expect(emoji.statusCode).toBe(200);
  });
});
