import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppDatabase } from '../platform/db/database.js';
import { createDatabase } from '../platform/db/database.js';
import { newId } from '../platform/core/ids.js';
import { createUsersRepository } from '../modules/users/index.js';
import { DAY, createFixtures } from './fixtures.js';
import { uniqueKeyPrefix } from './redis-server.js';
import type { ServerProcess } from './server-process.js';
import { startServerProcess } from './server-process.js';
import { createPostgresSchema } from './test-app.js';

export const ADMIN_PASSWORD = 'senha-do-admin-123';

export interface Nodes {
  servers: ServerProcess[];
  urls: string[];
  /** The shared database, for seeding and for checking what the nodes wrote. */
  database: AppDatabase;
  fixtures: ReturnType<typeof createFixtures>;
  /** Logs the seeded admin in on `url`; the headers of its session. */
  adminHeaders(url: string): Promise<Record<string, string>>;
  /** A customer with one running, machine-bound subscription of `productId` per HWID given. */
  customerWithMachine(
    productId: string,
    hwid: string,
  ): Promise<{ userId: string; key: string; subscriptionId: string }>;
  close(): Promise<void>;
}

/**
 * `count` real server processes (src/main.ts) sharing one database and one Redis, as several
 * machines behind a load balancer: on PostgreSQL each has its own data folder and they share
 * only JWT_SECRET and LOADER_SIGNING_KEY (docs/deployment.md); on SQLite they share the folder
 * that holds the database file.
 */
export async function startNodes({
  count,
  redis,
  env = {},
}: {
  count: number;
  redis: { url: string };
  env?: Record<string, string>;
}): Promise<Nodes> {
  const postgres = await createPostgresSchema();
  const sharedDir = await mkdtemp(join(tmpdir(), 'chaveiro-nodes-'));
  const dataDirs = postgres
    ? await Promise.all(
        Array.from({ length: count }, () => mkdtemp(join(tmpdir(), 'chaveiro-node-'))),
      )
    : Array.from({ length: count }, () => sharedDir);
  const { privateKey } = generateKeyPairSync('ed25519');
  const sharedEnv = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOADER_SIGNING_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    REDIS_URL: redis.url,
    // Each cluster its own keys in the test Redis, as two installs sharing one would.
    REDIS_KEY_PREFIX: uniqueKeyPrefix(),
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD,
    ...env,
  };
  const servers: ServerProcess[] = [];
  let database: AppDatabase | undefined;
  try {
    // Started together, as nodes restarted by a deploy: one migrates, the others wait.
    const started = await Promise.allSettled(
      dataDirs.map((dataDir) =>
        startServerProcess({
          env: sharedEnv,
          storage: { dataDir, databaseUrl: postgres?.url },
        }),
      ),
    );
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    database = createDatabase(
      postgres
        ? { database: { kind: 'postgres', url: postgres.url } }
        : { database: { kind: 'sqlite', file: join(sharedDir, 'chaveiro.db') } },
    );
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    await postgres?.drop();
    await Promise.all([...new Set([sharedDir, ...dataDirs])].map((dir) => removeDir(dir)));
    throw error;
  }
  const db = database.db;
  const fixtures = createFixtures(db, Date.now);
  const users = createUsersRepository(db);

  return {
    servers,
    urls: servers.map((server) => server.url),
    database,
    fixtures,
    async adminHeaders(url) {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'admin', password: ADMIN_PASSWORD }),
      });
      if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
      const { token } = (await response.json()) as { token: string };
      return { authorization: `Bearer ${token}` };
    },
    async customerWithMachine(productId, hwid) {
      const userId = newId();
      const suffix = randomBytes(5).toString('hex');
      const now = Date.now();
      await users.insert({
        id: userId,
        username: `cliente_${suffix}`,
        email: `cliente_${suffix}@example.com`,
        // Never logged in with: the loader authenticates these customers by their key.
        password_hash: 'x',
        role: 'client',
        status: 'active',
        token_version: 0,
        email_verified_at: now,
        created_at: now,
      });
      const { id: subscriptionId } = await fixtures.subscription(userId, productId);
      // Seen yesterday: only a heartbeat in the test makes it count as online.
      await fixtures.machine(subscriptionId, hwid, now - DAY);
      const { key } = await fixtures.key(productId, { status: 'used', redeemedBy: userId });
      return { userId, key, subscriptionId };
    },
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      await database.destroy();
      await postgres?.drop();
      await Promise.all([...new Set([sharedDir, ...dataDirs])].map((dir) => removeDir(dir)));
    },
  };
}

function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}
