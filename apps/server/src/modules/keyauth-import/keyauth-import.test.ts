import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  KeyAuthImportSummary,
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderRefusal,
} from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  KEYAUTH_IMPORT_LIMITS,
  keyAuthImportMessages as m,
  SUBSCRIPTION_DEFAULT_CREDITS,
} from '@chaveiro/contract';
import { hashSync } from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyAuthImportCommand } from '../../services.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { runKeyAuthImportCli } from './keyauth-import-cli.js';

// The fixtures follow KeyAuth's seller exports: `fetchallusers`' answer object (rows of its
// `users` table plus each user's `subscriptions`) and the licences as a bare list of its `keys`
// rows (KeyAuth-Source-Code api/seller/index.php; every value a string or null, as MySQL gives).
const testdata = join(import.meta.dirname, 'testdata');
let usersExport: string;
let licensesExport: string;

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  usersExport = await readFile(join(testdata, 'users.json'), 'utf8');
  licensesExport = await readFile(join(testdata, 'licenses.json'), 'utf8');
});
afterAll(() => t.close());

function importFiles(body: object, headers: Record<string, string> = admin.headers) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/keyauth-import',
    payload: body,
    headers,
  });
}

async function importOk(body: object): Promise<KeyAuthImportSummary> {
  const response = await importFiles(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KeyAuthImportSummary>();
}

const db = () => t.database.db;

async function userNamed(username: string) {
  return db()
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
}

async function keyNamed(key: string) {
  return db().selectFrom('license_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Row counts of everything an import writes. */
async function counts() {
  const count = async (table: 'users' | 'subscriptions' | 'machines' | 'license_keys') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    subscriptions: await count('subscriptions'),
    machines: await count('machines'),
    keys: await count('license_keys'),
  };
}

async function loaderLogin(productId: string, identifier: string, password: string, hwid: string) {
  const response = await t.anonymous.post('/api/loader/auth', {
    nonce: randomBytes(16).toString('base64url'),
    productId,
    identifier,
    password,
    hwid,
  });
  return response.json<LoaderEnvelope<LoaderAuthSuccess | LoaderRefusal>>().data;
}

/** A small users export with unique names, built in the test. */
function usersFile(names: string[], expiry = '1798761600') {
  return JSON.stringify(
    names.map((username, index) => ({
      username,
      password: `$2y$${hashSync(`senha-${username}`, 4).slice(4)}`,
      hwid: `S-1-5-21-${1000 + index}-${randomBytes(4).readUInt32BE()}`,
      createdate: String(1_700_000_000 + index),
      banned: null,
      subscriptions: [{ subscription: 'default', key: null, expiry }],
    })),
    null,
    2,
  );
}

describe('KeyAuth import from the seller panel exports', () => {
  let product: { id: string; name: string };
  let first: KeyAuthImportSummary;

  beforeAll(async () => {
    product = await t.fixtures.product({ name: 'Cheat Importado' });
    first = await importOk({ productId: product.id, users: usersExport, licenses: licensesExport });
  });

  it('writes the users, their subscriptions and HWIDs, and the keys with their status', async () => {
    expect(first.users).toEqual({ created: 4, existing: 0, skipped: 1 });
    expect(first.keys).toEqual({ created: 8, existing: 0, skipped: 0 });
    expect(first.subscriptions).toBe(3);
    expect(first.machines).toBe(3);
    expect(first.message).toBe(m.summary(4, 8));

    const joao = await userNamed('joaosilva');
    expect(joao).toMatchObject({
      username: 'joaosilva',
      email: null,
      email_lower: null,
      role: 'client',
      status: 'active',
    });
    expect(joao?.password_hash).toMatch(/^\$2y\$10\$/);
    expect(Number(joao?.created_at)).toBe(1_700_000_000_000);
    // Nothing to confirm: an account without e-mail is verified from its creation.
    expect(Number(joao?.email_verified_at)).toBe(1_700_000_000_000);

    // KeyAuth's `email` column holds a SHA-1 of the address: never an address to keep.
    expect((await userNamed('Maria_Gamer'))?.email).toBeNull();
    expect((await userNamed('trapaceiro'))?.status).toBe('banned');

    const subscriptions = await db()
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .leftJoin('machines', 'machines.subscription_id', 'subscriptions.id')
      .select([
        'users.username',
        'subscriptions.expires_at',
        'subscriptions.max_devices',
        'subscriptions.pause_credits',
        'subscriptions.hwid_reset_credits',
        'machines.hwid',
        'machines.last_ip',
      ])
      .where('subscriptions.product_id', '=', product.id)
      .orderBy('users.username')
      .execute();
    expect(subscriptions.map((row) => ({ ...row, expires_at: Number(row.expires_at) }))).toEqual([
      {
        username: 'Maria_Gamer',
        // The latest of her two KeyAuth subscriptions.
        expires_at: 1_801_353_600_000,
        max_devices: 1,
        pause_credits: SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
        hwid_reset_credits: SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
        hwid: 'S-1-5-21-1004336348-1177238915-682003330-512',
        last_ip: '177.10.2.99',
      },
      {
        username: 'joaosilva',
        expires_at: 1_798_761_600_000,
        max_devices: 1,
        pause_credits: SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
        hwid_reset_credits: SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
        hwid: 'S-1-5-21-3623811015-3361044348-30300820-1013',
        last_ip: '189.40.12.7',
      },
      {
        username: 'trapaceiro',
        expires_at: 1_798_761_600_000,
        max_devices: 1,
        pause_credits: SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
        hwid_reset_credits: SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
        hwid: 'S-1-5-21-2222222222-3333333333-4444444444-1001',
        last_ip: '200.1.1.1',
      },
    ]);

    // Keys keep their KeyAuth form; `expires` is a duration in seconds, rounded up to days.
    expect(await keyNamed('KA7XQ2-M9PL4T-ZR83WD')).toMatchObject({
      product_id: product.id,
      status: 'active',
      duration_days: 30,
      redeemed_by: null,
    });
    expect(await keyNamed('8HJ2KD-PQ7VNA-3LXZ0C')).toMatchObject({
      status: 'used',
      duration_days: 90,
      redeemed_by: joao?.id,
    });
    const used = await keyNamed('8HJ2KD-PQ7VNA-3LXZ0C');
    expect(Number(used?.redeemed_at)).toBe(1_700_000_100_000);
    // "usedby" names the user case-insensitively, as KeyAuth's usernames compare.
    expect((await keyNamed('QW3RTY-UI9OPA-SD4FGH'))?.redeemed_by).toBe(
      (await userNamed('Maria_Gamer'))?.id,
    );
    expect((await keyNamed('BANIDA-000001-CHRGBK'))?.status).toBe('banned');
    // Banned while unused ("Not Used" beside a ban reason).
    expect((await keyNamed('ZZZZZZ-ZZZZZZ-ZZZZZZ'))?.status).toBe('banned');
    expect(await keyNamed('F4NT4S-M4USER-000000')).toMatchObject({
      status: 'used',
      redeemed_by: null,
    });
    expect((await keyNamed('H0RA01'))?.duration_days).toBe(1);
    // A KeyAuth "lifetime" key (86 400 days) runs for the longest a key may.
    expect((await keyNamed('ZJ5C50-X3RHHF-06QTO8-TIT7VC-E12YSQ-XJ1G7G'))?.duration_days).toBe(
      ADMIN_LIMITS.daysMax,
    );
  });

  it('reports what it skipped or imported with a caveat, by file and line', () => {
    expect(first.problems).toEqual([
      {
        file: 'users',
        line: expect.any(Number) as number,
        message: m.usernameUnusable('email@dominio.com'),
      },
      {
        file: 'licenses',
        line: expect.any(Number) as number,
        message: m.keyDurationCapped('ZJ5C50-X3RHHF-06QTO8-TIT7VC-E12YSQ-XJ1G7G', '36.500'),
      },
      {
        file: 'licenses',
        line: expect.any(Number) as number,
        message: m.keyUserUnknown('F4NT4S-M4USER-000000', 'fantasma'),
      },
    ]);
    // The line of the entry's username, or of its key.
    const lineOf = (text: string, index: number) =>
      text.split('\n')[(first.problems[index]?.line ?? 0) - 1];
    expect(lineOf(usersExport, 0)).toContain('"email@dominio.com"');
    expect(lineOf(licensesExport, 1)).toContain('"ZJ5C50-X3RHHF-06QTO8-TIT7VC-E12YSQ-XJ1G7G"');
    expect(lineOf(licensesExport, 2)).toContain('"F4NT4S-M4USER-000000"');
  });

  it('changes nothing when run again, and counts everything as already there', async () => {
    const before = await counts();
    const again = await importOk({
      productId: product.id,
      users: usersExport,
      licenses: licensesExport,
    });
    expect(again.users).toEqual({ created: 0, existing: 4, skipped: 1 });
    expect(again.keys).toEqual({ created: 0, existing: 8, skipped: 0 });
    expect(again.subscriptions).toBe(0);
    expect(again.machines).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('logs the import in the activity log', async () => {
    const row = await db()
      .selectFrom('activity')
      .select(['actor_id', 'action', 'target'])
      .where('type', '=', 'keyauth.imported')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      actor_id: admin.id,
      action: m.logImported('Cheat Importado', 4, 8),
      target: `product:${product.id}`,
    });
  });

  it('lets an imported user sign in through the loader with their KeyAuth password and HWID', async () => {
    const hwid = 'S-1-5-21-3623811015-3361044348-30300820-1013';
    const refused = await loaderLogin(product.id, 'joaosilva', 'senha-errada', hwid);
    expect(refused.ok).toBe(false);
    const data = await loaderLogin(product.id, 'joaosilva', 'senha-do-joao', hwid);
    expect(data.ok).toBe(true);
    if (!data.ok) return;
    expect(data.session).toEqual(expect.any(String));
    // The bcrypt hash was replaced at that login; a re-import still knows the account.
    expect((await userNamed('joaosilva'))?.password_hash).toMatch(/^\$argon2id\$/);
    const again = await importOk({ productId: product.id, users: usersExport });
    expect(again.users).toEqual({ created: 0, existing: 4, skipped: 1 });
  });

  it('keeps the imported HWID binding: another machine is refused', async () => {
    const data = await loaderLogin(product.id, 'Maria_Gamer', 'maria-2024', 'OUTRO-PC-0000001');
    expect(data).toMatchObject({ ok: false, code: 'HWID_MISMATCH' });
  });

  it('lets an imported unused key be redeemed', async () => {
    const key = await keyNamed('KA7XQ2-M9PL4T-ZR83WD');
    const buyer = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/keys/${key?.id}/link`,
      payload: { userId: buyer.id },
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await keyNamed('KA7XQ2-M9PL4T-ZR83WD')).toMatchObject({
      status: 'used',
      redeemed_by: buyer.id,
    });
  });

  it('imports the same users into a second product as subscriptions of that product', async () => {
    const second = await t.fixtures.product();
    const summary = await importOk({ productId: second.id, users: usersExport });
    expect(summary.users).toEqual({ created: 0, existing: 4, skipped: 1 });
    expect(summary.subscriptions).toBe(3);
  });
});

describe('KeyAuth import refusals', () => {
  it('refuses a malformed file whole, naming its line, and writes nothing', async () => {
    const product = await t.fixtures.product();
    const before = await counts();
    const keys = JSON.parse(licensesExport) as Record<string, unknown>[];
    keys[3] = { ...keys[3], key: 'NOVA-CHAVE-0001', status: 'Expirada' };
    const text = JSON.stringify(keys, null, 2);
    const line = text.split('\n').findIndex((row) => row.includes('"Expirada"')) + 1;

    const response = await importFiles({
      productId: product.id,
      users: usersFile(['valido_a', 'valido_b']),
      licenses: text,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: m.fileInvalid(m.licensesFile, line, m.fieldStatus('Expirada')),
      code: 'KEYAUTH_FILE_INVALID',
    });
    expect(await counts()).toEqual(before);
    expect(await userNamed('valido_a')).toBeUndefined();
  });

  it('refuses a status named like an object’s own property (__proto__, constructor) as any unknown one', async () => {
    const product = await t.fixtures.product();
    const before = await counts();
    for (const status of ['__proto__', 'constructor', 'toString']) {
      const keys = JSON.parse(licensesExport) as Record<string, unknown>[];
      keys[2] = { ...keys[2], key: `PROTO-${status}`, status };
      const text = JSON.stringify(keys, null, 2);
      const line = text.split('\n').findIndex((row) => row.includes(`"${status}"`)) + 1;
      const response = await importFiles({
        productId: product.id,
        users: usersFile([`proto_${status}`]),
        licenses: text,
      });
      expect(response.statusCode, status).toBe(422);
      expect(response.json()).toEqual({
        message: m.fileInvalid(m.licensesFile, line, m.fieldStatus(status)),
        code: 'KEYAUTH_FILE_INVALID',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('names the line of a JSON syntax error', async () => {
    const product = await t.fixtures.product();
    const text = usersFile(['sintaxe_a', 'sintaxe_b']).replace('"sintaxe_b",', '"sintaxe_b"');
    const line = text.split('\n').findIndex((row) => row.includes('"sintaxe_b"')) + 1;
    const response = await importFiles({ productId: product.id, users: text });
    expect(response.statusCode).toBe(422);
    // The parser stops at the next field, the line after the missing comma.
    expect(response.json<{ message: string }>().message).toBe(
      m.fileInvalid(m.usersFile, line + 1, m.notJson),
    );
  });

  it('names the line of a field of the wrong type, and of a duplicated user', async () => {
    const product = await t.fixtures.product();
    const users = JSON.parse(usersFile(['tipo_a', 'tipo_b'])) as Record<string, unknown>[];
    users[1] = { ...users[1], createdate: 'ontem' };
    const text = JSON.stringify(users, null, 2);
    const line = text.split('\n').findIndex((row) => row.includes('"ontem"')) + 1;
    const response = await importFiles({ productId: product.id, users: text });
    expect(response.json<{ message: string }>().message).toBe(
      m.fileInvalid(m.usersFile, line, m.fieldTimestamp('createdate')),
    );

    const twice = usersFile(['dupla_a', 'DUPLA_A']);
    const rows = twice.split('\n');
    const firstLine = rows.findIndex((row) => row.includes('"dupla_a"')) + 1;
    const secondLine = rows.findIndex((row) => row.includes('"DUPLA_A"')) + 1;
    const duplicate = await importFiles({ productId: product.id, users: twice });
    expect(duplicate.json<{ message: string }>().message).toBe(
      m.fileInvalid(m.usersFile, secondLine, m.duplicateInFile('DUPLA_A', firstLine)),
    );
  });

  it('refuses a list of something else, deep nesting and a NUL character', async () => {
    const product = await t.fixtures.product();
    const cases: [string, string][] = [
      ['{"success": false, "message": "No Users Found"}', m.notAList('users')],
      ['[\n{"username": "ok_lista"},\n1\n]', m.entryNotObject],
      [`[\n{"username": ${'['.repeat(40)}${']'.repeat(40)}}\n]`, m.nestedTooDeep],
      ['[\n{"username": "a\\u0000b"}\n]', m.invalidCharacters],
    ];
    for (const [text, reason] of cases) {
      const response = await importFiles({ productId: product.id, users: text });
      expect(response.statusCode, text).toBe(422);
      expect(response.json<{ message: string }>().message).toContain(reason);
    }
  });

  it('answers 404 for an unknown product and 400 without any file', async () => {
    const unknown = await importFiles({ productId: 'nao-existe', users: usersFile(['x_404']) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: m.productNotFound });
    const product = await t.fixtures.product();
    const empty = await importFiles({ productId: product.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(m.noFiles);
    const nested = await importFiles({ productId: product.id, users: { users: [] } });
    expect(nested.statusCode).toBe(400);
    const extra = await importFiles({ productId: product.id, users: '[]', keys: '[]' });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 413 to a body over the upload limit, before reading it as exports', async () => {
    const product = await t.fixtures.product();
    const response = await importFiles({
      productId: product.id,
      users: ' '.repeat(KEYAUTH_IMPORT_LIMITS.maxBodyBytes),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('is for admins only', async () => {
    const product = await t.fixtures.product();
    const body = { productId: product.id, users: usersFile(['authz_a']) };
    const anonymous = await importFiles(body, {});
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['client', 'reseller'] as const) {
      const user = await t.createUser({ role });
      expect((await importFiles(body, user.headers)).statusCode).toBe(403);
    }
    expect(await userNamed('authz_a')).toBeUndefined();
  });
});

describe('KeyAuth import clashes', () => {
  it('reports a user named like a different account and leaves that account alone', async () => {
    const product = await t.fixtures.product();
    const marcos = await t.createUser({ username: 'marcos' });
    const users = usersFile(['MARCOS', 'clash_outro']);
    const summary = await importOk({ productId: product.id, users });
    expect(summary.users).toEqual({ created: 1, existing: 0, skipped: 1 });
    const line = users.split('\n').findIndex((row) => row.includes('"MARCOS"')) + 1;
    expect(summary.problems).toEqual([
      { file: 'users', line, message: m.usernameClash('MARCOS', 'marcos') },
    ]);
    const row = await userNamed('marcos');
    expect(row?.id).toBe(marcos.id);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const subscriptions = await db()
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', marcos.id)
      .execute();
    expect(subscriptions).toEqual([]);
  });

  it('reports a key that already exists in another product', async () => {
    const [first, second] = [await t.fixtures.product(), await t.fixtures.product()];
    const text = JSON.stringify([
      { key: 'MESMA-CHAVE-2PROD', expires: '86400', status: 'Not Used' },
    ]);
    await importOk({ productId: first.id, licenses: text });
    const summary = await importOk({ productId: second.id, licenses: text });
    expect(summary.keys).toEqual({ created: 0, existing: 0, skipped: 1 });
    expect(summary.problems).toEqual([
      { file: 'licenses', line: 1, message: m.keyClash('MESMA-CHAVE-2PROD') },
    ]);
    expect((await keyNamed('MESMA-CHAVE-2PROD'))?.product_id).toBe(first.id);
  });

  it('writes each user and key once when the same files are imported twice at the same time', async () => {
    const product = await t.fixtures.product();
    const names = Array.from({ length: 30 }, (_, index) => `paralelo_${index}`);
    const users = usersFile(names);
    const licenses = JSON.stringify(
      names.map((name, index) => ({
        key: `PARALELO-${index}`,
        expires: '2592000',
        status: index % 2 ? 'Used' : 'Not Used',
        usedby: index % 2 ? name : null,
      })),
    );
    const [a, b] = await Promise.all([
      importFiles({ productId: product.id, users, licenses }),
      importFiles({ productId: product.id, users, licenses }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const summaries = [a.json<KeyAuthImportSummary>(), b.json<KeyAuthImportSummary>()];
    expect(summaries.map((s) => s.users.created + s.users.existing)).toEqual([30, 30]);
    expect(summaries.reduce((sum, s) => sum + s.users.created, 0)).toBe(30);
    expect(summaries.reduce((sum, s) => sum + s.keys.created, 0)).toBe(30);
    expect(summaries.reduce((sum, s) => sum + s.subscriptions, 0)).toBe(30);
    const subscriptions = await db()
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(subscriptions.n)).toBe(30);
  });
});

describe('npm run import:keyauth', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'keyauth-cli-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function cli(args: string[]) {
    let output = '';
    const code = await runKeyAuthImportCli({
      args,
      cwd: dir,
      keyAuthImport: createKeyAuthImportCommand({
        db: t.database.db,
        dialect: t.database.dialect,
        clock: t.clock,
      }),
      productName: async (id) =>
        (await db().selectFrom('products').select('name').where('id', '=', id).executeTakeFirst())
          ?.name,
      out: { write: (text: string) => (output += text) },
    });
    return { code, output };
  }

  it('imports files given by relative paths and prints a pt-BR summary', async () => {
    const product = await t.fixtures.product({ name: 'Produto CLI' });
    await writeFile(join(dir, 'users.json'), usersFile(['cli_a', 'cli_b']));
    const first = await cli(['--users', 'users.json', '--product', product.id]);
    expect(first.code).toBe(0);
    expect(first.output).toContain(m.cliTitle('Produto CLI'));
    expect(first.output).toContain(m.cliUsers(2, 0, 0));
    const again = await cli(['--users=users.json', `--product=${product.id}`]);
    expect(again.output).toContain(m.cliUsers(0, 2, 0));
    const row = await db()
      .selectFrom('activity')
      .select(['actor_id'])
      .where('type', '=', 'keyauth.imported')
      .where('target', '=', `product:${product.id}`)
      .executeTakeFirstOrThrow();
    expect(row.actor_id).toBeNull();
  });

  it('exits 1 with the message on a malformed file, a missing file or no product', async () => {
    const product = await t.fixtures.product();
    await writeFile(join(dir, 'ruim.json'), '[\n{"key": "A", "expires": "x", "status": "Used"}\n]');
    const bad = await cli(['--licenses', 'ruim.json', '--product', product.id]);
    expect(bad).toEqual({
      code: 1,
      output: `${m.fileInvalid(m.licensesFile, 2, m.fieldSeconds('expires'))}\n`,
    });
    await writeFile(
      join(dir, 'proto.json'),
      '[\n{"key": "A", "expires": "86400", "status": "__proto__"}\n]',
    );
    expect(await cli(['--licenses', 'proto.json', '--product', product.id])).toEqual({
      code: 1,
      output: `${m.fileInvalid(m.licensesFile, 2, m.fieldStatus('__proto__'))}\n`,
    });
    const missing = await cli(['--users', 'nao-existe.json', '--product', product.id]);
    expect(missing.code).toBe(1);
    expect(missing.output).toBe(`${m.cliFileUnreadable(join(dir, 'nao-existe.json'))}\n`);
    expect(await cli(['--users', 'ruim.json'])).toEqual({ code: 1, output: `${m.cliUsage}\n` });
  });
});
