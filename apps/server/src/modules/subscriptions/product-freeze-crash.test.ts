import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../platform/db/database.js';
import { createDatabase } from '../../platform/db/database.js';
import { newId } from '../../platform/core/ids.js';
import { DAY } from '../../testing/fixtures.js';
import type { ServerProcess } from '../../testing/server-process.js';
import { startServerProcess } from '../../testing/server-process.js';
import { createPostgresSchema } from '../../testing/test-app.js';

/**
 * kill -9 while a product's freeze or its end is being written, and between them: after each
 * restart either the whole change is there (the product's status, its period, every clock) or
 * none of it, and when the product returns every subscription has exactly the time it was
 * frozen added to its expiry, to the millisecond.
 */
const SUBSCRIPTIONS = 2_000;
const ADMIN_PASSWORD = 'senha-do-admin-123';

let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresSchema>>;
let server: ServerProcess | undefined;
let database: AppDatabase;
let productId: string;
const original = new Map<string, number>();

async function start(): Promise<ServerProcess> {
  server = await startServerProcess({
    env: { ADMIN_PASSWORD },
    storage: { dataDir, databaseUrl: postgres?.url },
  });
  return server;
}

async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}

function setStatus(url: string, token: string, status: string) {
  return fetch(`${url}/api/products/${productId}/operational`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ status }),
  });
}

/** The product's state and its subscriptions', as the database holds them now. */
async function snapshot() {
  const product = await database.db
    .selectFrom('products')
    .select(['operational_status'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  const subs = await database.db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'paused_by', 'expires_at', 'paused_remaining_ms'])
    .where('product_id', '=', productId)
    .execute();
  const periods = await database.db
    .selectFrom('product_status_periods')
    .select(['status', 'started_at', 'ended_at'])
    .where('product_id', '=', productId)
    .orderBy('started_at')
    .execute();
  return { status: product.operational_status, subs, periods };
}

/** Every clock agrees with the product's status: all frozen by it, or all running. */
function expectAllOrNothing(state: Awaited<ReturnType<typeof snapshot>>) {
  const frozen = state.subs.filter((sub) => sub.paused_by === 'product').length;
  expect(frozen).toBe(state.status === 'operational' ? 0 : SUBSCRIPTIONS);
  const open = state.periods.filter((period) => period.ended_at === null);
  // Periods exist only for committed changes; the fixture product had none before.
  if (state.periods.length > 0) expect(open.map((p) => p.status)).toEqual([state.status]);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-freeze-crash-'));
  postgres = await createPostgresSchema();
  const first = await start();
  database = createDatabase({
    database: postgres
      ? { kind: 'postgres', url: postgres.url }
      : { kind: 'sqlite', file: join(dataDir, 'chaveiro.db') },
  });
  productId = newId();
  const now = Date.now();
  await database.db
    .insertInto('products')
    .values({
      id: productId,
      name: 'Crash Test',
      description: '',
      status: 'active',
      file_sha256: null,
      file_name: null,
      file_size: null,
      file_uploaded_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let start = 0; start < SUBSCRIPTIONS; start += 500) {
    const users = Array.from({ length: 500 }, (_, i) => ({
      id: newId(),
      username: `crash_${String(start + i)}`,
      username_lower: `crash_${String(start + i)}`,
      email: `crash_${String(start + i)}@example.com`,
      email_lower: `crash_${String(start + i)}@example.com`,
      password_hash: 'x',
      role: 'client' as const,
      status: 'active' as const,
      email_verified_at: now,
      avatar_url: null,
      totp_secret: null,
      totp_last_step: null,
      daily_bonus_at: null,
      created_at: now,
    }));
    await database.db.insertInto('users').values(users).execute();
    const subs = users.map((user, i) => {
      const expiresAt = now + (start + i + 1) * DAY;
      const id = newId();
      original.set(id, expiresAt);
      return {
        id,
        user_id: user.id,
        product_id: productId,
        status: 'active' as const,
        expires_at: expiresAt,
        paused_remaining_ms: null,
        paused_by: null,
        created_at: now,
        updated_at: now,
      };
    });
    await database.db.insertInto('subscriptions').values(subs).execute();
  }
  await first.close();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.destroy();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 and a product freeze', () => {
  it('leaves every change whole or absent, and every clock exact', async () => {
    const statuses = ['updating', 'operational', 'unavailable'];
    for (const [round, status] of statuses.entries()) {
      const running = await start();
      const token = await adminToken(running.url);
      // The kill lands at a different moment of the write each round, the last one after it.
      const answered = setStatus(running.url, token, status).catch(() => undefined);
      await new Promise((done) => setTimeout(done, [3, 25, 400][round]));
      running.child.kill('SIGKILL');
      await answered;
      await running.exited(Date.now());
      expectAllOrNothing(await snapshot());
    }

    // Restarted: the product back (or left as it is), then every clock checked.
    const running = await start();
    const token = await adminToken(running.url);
    const back = await setStatus(running.url, token, 'operational');
    expect(back.status).toBe(200);
    const state = await snapshot();
    expectAllOrNothing(state);
    expect(state.status).toBe('operational');
    const frozenMs = state.periods
      .filter((period) => period.status !== 'operational' && period.ended_at !== null)
      .reduce((sum, period) => sum + Number(period.ended_at) - Number(period.started_at), 0);
    for (const sub of state.subs) {
      expect(sub.status).toBe('active');
      expect(Number(sub.expires_at) - (original.get(sub.id) ?? 0)).toBe(frozenMs);
    }
  }, 180_000);
});
