import { execFile, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { LoaderPublicKey } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppDatabase } from '../../platform/db/database.js';
import { createDatabase } from '../../platform/db/database.js';
import { createFixtures } from '../../testing/fixtures.js';
import type { ServerProcess } from '../../testing/server-process.js';
import { startServerProcess } from '../../testing/server-process.js';
import { createPostgresSchema } from '../../testing/test-app.js';
import { insertKeyAuthApp, insertProductFile } from './testing/keyauth-app.js';

// Our own small Python client (testing/keyauth_client.py: requests and PyNaCl, as KeyAuth's
// Python SDK uses them) against the real server in its own process: the wire as a loader sees
// it, HTTP framing and headers included.
const run = promisify(execFile);
const client = resolve(import.meta.dirname, 'testing/keyauth_client.py');
// Debian's python3 with python3-nacl and python3-requests: .ci/run installs them, so CI always
// runs this; a developer machine without them skips it and says why.
const python = '/usr/bin/python3';
const pythonReady =
  spawnSync(python, ['-c', 'import nacl.signing, requests'], { stdio: 'ignore' }).status === 0;
if (!pythonReady) {
  console.warn(
    `skipping the KeyAuth Python client test: ${python} with PyNaCl and requests is missing (apt-get install python3-nacl python3-requests)`,
  );
}
const text = messages.keyauthProtocol;

let server: ServerProcess;
let database: AppDatabase;
let dataDir: string;
let dropSchema: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!pythonReady) return;
  // The data folder and database are ours, so this test can arrange rows the server reads.
  dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-keyauth-'));
  const postgres = await createPostgresSchema();
  dropSchema = postgres && (() => postgres.drop());
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' };
  server = await startServerProcess({ env });
  database = createDatabase(loadConfig({ ...env, WEB_DIST_DIR: join(dataDir, 'no-web') }));
}, 90_000);

afterAll(async () => {
  if (!pythonReady) return;
  await server.close();
  await database.destroy();
  await dropSchema?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!pythonReady)('a KeyAuth 1.3 Python client against the running server', () => {
  it('runs init, license, check, var, file, fetchStats and logout, verifying every answer', async () => {
    const fixtures = createFixtures(database.db, () => Date.now());
    const product = await fixtures.product();
    const app = await insertKeyAuthApp(database.db, product.id, { version: '2.1' });
    const key = await fixtures.key(product.id, { days: 7 });
    const bytes = Buffer.concat([Buffer.from('MZ'), randomBytes(10_000)]);
    await insertProductFile(database.db, product.id, bytes);
    await database.db
      .insertInto('product_variables')
      .values({
        product_id: product.id,
        name: 'aviso',
        value: 'Olá, versão 2.1',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const published = (await (
      await fetch(`${server.url}/api/loader/public-key`)
    ).json()) as LoaderPublicKey;
    const publicKeyHex = Buffer.from(published.publicKey, 'base64').toString('hex');
    // The Python SDK's Linux HWID is /etc/machine-id as read, newline included.
    const hwid = `${randomBytes(16).toString('hex')}\n`;

    const { stdout } = await run(
      python,
      [
        client,
        `${server.url}/api/1.3/`,
        app.name,
        app.ownerId,
        app.version,
        publicKeyHex,
        key.key,
        hwid,
        'aviso',
      ],
      { timeout: 60_000 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(
        `client failed: ${error.stdout ?? ''}${error.stderr ?? ''}\n${server.output()}`,
      );
    });
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(report).toEqual({
      init: {
        message: 'Initialized',
        appinfo: {
          numUsers: '0',
          numOnlineUsers: '0',
          numKeys: '1',
          version: '2.1',
          customerPanelLink: expect.stringMatching(/\/dashboard$/) as string,
        },
      },
      license: {
        message: text.loggedIn,
        username: key.key,
        hwid: hwid.trim(),
        subscription: product.name,
        expiry: expect.stringMatching(/^\d+$/) as string,
      },
      check: text.sessionValidated,
      var: 'Olá, versão 2.1',
      // A marked copy of the file (its delivery's), as every delivered copy is.
      file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      stats: {
        numUsers: '1',
        numOnlineUsers: '1',
        numKeys: '1',
        version: '2.1',
        customerPanelLink: expect.any(String) as string,
      },
      logout: text.loggedOut,
      after_logout: text.sessionNotFound,
    });
    const delivery = await database.db
      .selectFrom('deliveries')
      .select(['file_sha256', 'marked_sha256', 'marked_size'])
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({
      file_sha256: createHash('sha256').update(bytes).digest('hex'),
      marked_sha256: report.file_sha256,
      marked_size: bytes.length + 64,
    });
    const expiry = Number((report.license as { expiry: string }).expiry);
    expect(Math.abs(expiry - (Date.now() / 1000 + 7 * 86_400))).toBeLessThan(120);
  }, 90_000);
});
