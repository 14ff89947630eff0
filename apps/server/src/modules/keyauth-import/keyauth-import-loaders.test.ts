import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeyAuthImportSummary } from '@chaveiro/contract';
import { hashSync } from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// A seller moves from KeyAuth: imports the exports, switches the product's KeyAuth
// compatibility on, and their existing loaders keep working for the imported accounts and keys
// (the KeyAuth 1.3 API, answers read as keyauth.py reads them: `success`, `info.username`).
const testdata = join(import.meta.dirname, 'testdata');
let t: TestApp;
let admin: TestUser;
let productId: string;
const app = { name: 'MeuCheat', ownerid: randomBytes(5).toString('hex'), ver: '1.0' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  productId = (await t.fixtures.product()).id;
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/admin/keyauth-import',
    headers: admin.headers,
    payload: {
      productId,
      users: await readFile(join(testdata, 'users.json'), 'utf8'),
      licenses: await readFile(join(testdata, 'licenses.json'), 'utf8'),
    },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  expect(imported.json<KeyAuthImportSummary>().users.created).toBe(4);
  // The compatibility switched on, as the console's screen stores it.
  await t.database.db
    .insertInto('keyauth_apps')
    .values({
      product_id: productId,
      enabled: 1,
      name: app.name,
      owner_id: app.ownerid,
      secret: randomBytes(32).toString('hex'),
      version: app.ver,
      download_url: null,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .execute();
});
afterAll(() => t.close());

async function keyauth(fields: Record<string, string>) {
  const response = await t.anonymous.post(
    '/api/1.3/',
    new URLSearchParams({ name: app.name, ownerid: app.ownerid, ...fields }).toString(),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  );
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
}

async function session(): Promise<string> {
  const answer = await keyauth({ type: 'init', ver: app.ver, hash: 'abc' });
  expect(answer).toMatchObject({ success: true });
  return String(answer.sessionid);
}

async function passwordHashOf(username: string) {
  const row = await t.database.db
    .selectFrom('users')
    .select('password_hash')
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('imported KeyAuth accounts on the KeyAuth API', () => {
  it('log in with their KeyAuth password and HWID, and leave an argon2id hash', async () => {
    const hwid = 'S-1-5-21-3623811015-3361044348-30300820-1013';
    expect(await passwordHashOf('joaosilva')).toMatch(/^\$2y\$/);
    const refused = await keyauth({
      type: 'login',
      username: 'joaosilva',
      pass: 'senha-errada',
      hwid,
      sessionid: await session(),
    });
    expect(refused).toMatchObject({ success: false });
    expect(await passwordHashOf('joaosilva')).toMatch(/^\$2y\$/);

    const answer = await keyauth({
      type: 'login',
      username: 'joaosilva',
      pass: 'senha-do-joao',
      hwid,
      sessionid: await session(),
    });
    expect(answer).toMatchObject({ success: true, info: { username: 'joaosilva', hwid } });
    expect(await passwordHashOf('joaosilva')).toMatch(/^\$argon2id\$/);
  });

  it('are refused on a machine other than the one KeyAuth had bound', async () => {
    const answer = await keyauth({
      type: 'login',
      username: 'Maria_Gamer',
      pass: 'maria-2024',
      hwid: 'OUTRO-COMPUTADOR-01',
      sessionid: await session(),
    });
    expect(answer).toMatchObject({ success: false });
  });

  it('redeem an imported unused key with `license`, as it is written in KeyAuth', async () => {
    // KeyAuth's default mask: six groups of six.
    const answer = await keyauth({
      type: 'license',
      key: 'ZJ5C50-X3RHHF-06QTO8-TIT7VC-E12YSQ-XJ1G7G',
      hwid: 'PC-NOVO-COMPRADOR-01',
      sessionid: await session(),
    });
    expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
    const key = await t.database.db
      .selectFrom('license_keys')
      .select(['status', 'redeemed_by'])
      .where('key', '=', 'ZJ5C50-X3RHHF-06QTO8-TIT7VC-E12YSQ-XJ1G7G')
      .executeTakeFirstOrThrow();
    expect(key.status).toBe('used');
    expect(key.redeemed_by).not.toBeNull();
  });

  it('keep a license user’s key as its credential: `license` binds a new machine with it', async () => {
    // KeyAuth's license users are named by their key, with the key as their password.
    const value = `LIC${randomBytes(3).toString('hex').toUpperCase()}-M9PL4T-ZR83WD`;
    const users = {
      users: [
        {
          username: value,
          password: `$2y$${hashSync(value, 4).slice(4)}`,
          hwid: null,
          createdate: '1700000000',
          banned: null,
          subscriptions: [{ subscription: 'default', key: value, expiry: '1798761600' }],
        },
      ],
    };
    const licenses = [
      { key: value, expires: '2592000', status: 'Used', usedby: value, usedon: '1700000000' },
    ];
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/keyauth-import',
      headers: admin.headers,
      payload: { productId, users: JSON.stringify(users), licenses: JSON.stringify(licenses) },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = await keyauth({
      type: 'license',
      key: value,
      hwid: 'PC-NOVO-DO-LICENCIADO',
      sessionid: await session(),
    });
    expect(answer, JSON.stringify(answer)).toMatchObject({
      success: true,
      info: { username: value },
    });
  });

  it('refuse an imported banned key', async () => {
    const answer = await keyauth({
      type: 'license',
      key: 'BANIDA-000001-CHRGBK',
      hwid: 'PC-OUTRO-COMPRADOR-2',
      sessionid: await session(),
    });
    expect(answer).toMatchObject({ success: false });
  });
});
