import { randomBytes } from 'node:crypto';
import type { LoaderAuthSuccess, LoaderEnvelope, LoaderRefusal } from '@chaveiro/contract';
import { hashSync } from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBcryptHash, verifyPassword } from '../../platform/crypto/passwords.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Accounts imported from KeyAuth keep their bcrypt hash until their next successful login
//. Cost 4 keeps the tests fast; KeyAuth's own hashes use cost 10.
let t: TestApp;
let product: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  product = await t.fixtures.product();
});
afterAll(() => t.close());

/** A user whose stored hash is the bcrypt one KeyAuth had (PHP writes `$2y$`). */
async function importedUser(prefix: '$2a$' | '$2b$' | '$2y$' = '$2y$') {
  const user = await t.createUser();
  const bcrypt = prefix + hashSync(user.password, 4).slice(4);
  await t.database.db
    .updateTable('users')
    .set({ password_hash: bcrypt })
    .where('id', '=', user.id)
    .execute();
  return { user, bcrypt };
}

async function storedHash(user: TestUser) {
  const row = await t.database.db
    .selectFrom('users')
    .select(['password_hash', 'token_version'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { hash: row.password_hash, tokenVersion: Number(row.token_version) };
}

function siteLogin(user: TestUser, password = user.password) {
  return t.anonymous.post('/api/auth/login', { identifier: user.username, password });
}

async function loaderLogin(user: TestUser, password = user.password, hwid = 'PC-IMPORTADO') {
  const response = await t.anonymous.post('/api/loader/auth', {
    nonce: randomBytes(16).toString('base64url'),
    hwid,
    productId: product.id,
    identifier: user.username,
    password,
  });
  return response.json<LoaderEnvelope<LoaderAuthSuccess | LoaderRefusal>>().data;
}

describe('imported bcrypt passwords', () => {
  it('sign in on the site and leave an argon2id hash behind, sessions untouched', async () => {
    const { user, bcrypt } = await importedUser('$2y$');
    const before = await storedHash(user);
    expect(before.hash).toBe(bcrypt);

    const response = await siteLogin(user);
    expect(response.statusCode).toBe(200);

    const after = await storedHash(user);
    expect(after.hash).toMatch(/^\$argon2id\$/);
    expect(after.tokenVersion).toBe(before.tokenVersion);
    // The session from before the upgrade still works: nothing about the password changed.
    const me = await t.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(me.statusCode).toBe(200);
    // And the upgraded hash takes the same password.
    expect((await siteLogin(user)).statusCode).toBe(200);
  });

  it('sign in through the loader and leave an argon2id hash behind', async () => {
    const { user } = await importedUser('$2b$');
    await t.fixtures.subscription(user.id, product.id);

    const data = await loaderLogin(user);
    expect(data.ok).toBe(true);
    expect((await storedHash(user)).hash).toMatch(/^\$argon2id\$/);
    expect((await loaderLogin(user)).ok).toBe(true);
  });

  it('refuse a wrong password and keep the bcrypt hash in place', async () => {
    const { user, bcrypt } = await importedUser('$2a$');
    await t.fixtures.subscription(user.id, product.id);

    expect((await siteLogin(user, 'outra-senha-errada')).statusCode).toBe(401);
    const refused = await loaderLogin(user, 'outra-senha-errada');
    expect(refused.ok).toBe(false);
    expect((await storedHash(user)).hash).toBe(bcrypt);
  });
});

describe('verifyPassword with bcrypt hashes', () => {
  const password = 'senha-do-keyauth';
  const b = hashSync(password, 4);

  it('accepts PHP $2y$, $2a$ and $2b$ forms of the same hash', async () => {
    for (const prefix of ['$2y$', '$2a$', '$2b$']) {
      const stored = prefix + b.slice(4);
      expect(isBcryptHash(stored)).toBe(true);
      expect(await verifyPassword(stored, password)).toBe(true);
      expect(await verifyPassword(stored, 'senha-errada')).toBe(false);
    }
  });

  it('treats a malformed or absurdly costly hash as a wrong password', async () => {
    const malformed = [
      b.slice(0, -1),
      `${b}x`,
      b.replace(/^\$2b\$04/, '$2x$04'),
      b.replace(/^\$2b\$04/, '$2b$31'),
      '$2y$10$',
      '',
    ];
    for (const stored of malformed) {
      expect(await verifyPassword(stored, password)).toBe(false);
    }
  });

  it('refuses passwords longer than any route accepts without hashing them', async () => {
    const long = 'a'.repeat(129);
    expect(await verifyPassword(hashSync(long, 4), long)).toBe(false);
  });

  it('reads only the first 72 bytes of a password, as bcrypt always did', async () => {
    const base = 'x'.repeat(72);
    const stored = hashSync(`${base}primeiro`, 4);
    expect(await verifyPassword(stored, `${base}segundo`)).toBe(true);
  });
});
