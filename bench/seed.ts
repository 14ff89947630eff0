// `npm run bench:seed -- --users 100000 --keys 1000000 [--subscriptions 200000] [--dir bench/.data]`
// Fills a fresh SQLite data folder with realistic volumes for the benchmarks. Rows go in through
// Kysely in large multi-row inserts, many per transaction: about a minute for a million keys.
import { writeFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import { createDatabase, withTransaction } from '../apps/server/src/platform/database.js';
import { migrateToLatest } from '../apps/server/src/platform/migrate.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import {
  BENCH_ADMIN,
  BENCH_PASSWORD,
  benchActivityId,
  benchHwid,
  benchKeyId,
  benchMachineId,
  benchProductId,
  benchSubscriptionId,
  benchUserId,
} from './seed-ids.js';
import {
  ACTIVITY_SEED_TYPES,
  keyFor,
  SEED_PARAMS_FILE,
  seedShape,
  type SeedParams,
} from './seed-shape.js';

const DAY = 86_400_000;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    keys: { type: 'string', default: '1000000' },
    subscriptions: { type: 'string' },
    products: { type: 'string', default: '20' },
    activity: { type: 'string', default: '300000' },
    dir: { type: 'string', default: 'bench/.data' },
  },
});

const params: SeedParams = {
  users: Number(values.users),
  keys: Number(values.keys),
  subscriptions: Number(values.subscriptions ?? Number(values.users) * 2),
  products: Number(values.products),
  activity: Number(values.activity),
};
const shape = seedShape(params);
const dataDir = resolve(values.dir);

async function insertBatches<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  total: number,
  row: (n: number) => Insertable<Database[T]>,
  batch = 500,
) {
  const started = Date.now();
  for (let from = 0; from < total; from += batch * 20) {
    await withTransaction(db, async (trx) => {
      for (let start = from; start < Math.min(total, from + batch * 20); start += batch) {
        const rows = [];
        for (let n = start; n < Math.min(total, start + batch); n += 1) rows.push(row(n));
        await trx.insertInto(table).values(rows).execute();
      }
    });
  }
  console.log(`  ${table}: ${total.toLocaleString('en')} rows in ${Date.now() - started} ms`);
}

async function main() {
  await rm(dataDir, { recursive: true, force: true });
  const database = createDatabase({
    database: { kind: 'sqlite', file: join(dataDir, 'chaveiro.db') },
  });
  await migrateToLatest(database);
  const { db } = database;
  const now = Date.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  console.log(`seeding ${dataDir}`);

  await insertBatches<'products'>(db, 'products', params.products, (n) => ({
    id: benchProductId(n),
    name: `Produto ${n}`,
    description: `Produto de benchmark ${n}`,
    status: 'active',
    file_sha256: null,
    file_name: null,
    file_size: null,
    file_uploaded_at: null,
    created_at: now,
    updated_at: now,
  }));
  await insertBatches<'users'>(db, 'users', params.users, (n) => ({
    id: benchUserId(n),
    username: `user${n}`,
    username_lower: `user${n}`,
    email: `user${n}@bench.test`,
    email_lower: `user${n}@bench.test`,
    password_hash: passwordHash,
    role: n === 0 ? 'admin' : 'client',
    status: shape.bannedUser(n) ? 'banned' : 'active',
    email_verified_at: now,
    avatar_url: null,
    totp_secret: null,
    totp_last_step: null,
    daily_bonus_at: null,
    created_at: now - (n % 365) * DAY,
  }));
  await insertBatches<'subscriptions'>(db, 'subscriptions', params.subscriptions, (s) => {
    const paused = shape.pausedSubscription(s);
    return {
      id: benchSubscriptionId(s),
      user_id: benchUserId(shape.userOfSubscription(s)),
      product_id: benchProductId(shape.productOfSubscription(s)),
      status: paused ? 'paused' : 'active',
      expires_at: paused ? null : shape.expiresAt(s, now),
      paused_remaining_ms: paused ? 5 * DAY : null,
      paused_by: paused ? 'user' : null,
      max_devices: 1 + (s % 3),
      created_at: now - 30 * DAY,
      updated_at: now,
    };
  });
  await insertBatches<'machines'>(db, 'machines', Math.floor(params.subscriptions / 2), (m) => ({
    id: benchMachineId(m),
    subscription_id: benchSubscriptionId(shape.subscriptionOfMachine(m)),
    hwid: benchHwid(shape.subscriptionOfMachine(m)),
    first_seen_at: now - 20 * DAY,
    last_seen_at: shape.recentlySeenMachine(m) ? now - 30_000 : now - (m % 30) * DAY - DAY,
  }));
  await insertBatches<'license_keys'>(db, 'license_keys', params.keys, (n) => {
    const redeemedBy = shape.keyRedeemedBy(n);
    return {
      id: benchKeyId(n),
      key: keyFor(n),
      product_id: benchProductId(shape.keyProduct(n)),
      duration_days: [1, 7, 14, 30][n % 4] ?? 30,
      status: redeemedBy !== null ? 'used' : shape.keyBanned(n) ? 'banned' : 'active',
      created_by: benchUserId(0),
      redeemed_by: redeemedBy === null ? null : benchUserId(redeemedBy),
      redeemed_at: redeemedBy === null ? null : now - (n % 60) * DAY,
      created_at: now - (n % 90) * DAY,
    };
  });
  const activityRows = params.activity ?? 0;
  const YEAR = 365 * DAY;
  await insertBatches<'activity'>(db, 'activity', activityRows, (n) => {
    const [type, kind] = ACTIVITY_SEED_TYPES[n % ACTIVITY_SEED_TYPES.length] ?? ['legacy', 'user'];
    const actor = shape.activityActor(n);
    const target =
      kind === 'user'
        ? benchUserId((n * 7) % params.users)
        : kind === 'key'
          ? benchKeyId(n % params.keys)
          : kind === 'subscription'
            ? benchSubscriptionId(n % params.subscriptions)
            : kind === 'product'
              ? benchProductId(n % params.products)
              : `ticket-${n}`;
    return {
      id: benchActivityId(n),
      actor_id: benchUserId(actor),
      actor_name: `user${actor}`,
      type,
      action: `Atividade de benchmark ${n} (${type})`,
      target: `${kind}:${target}`,
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      created_at: now - YEAR + Math.floor((n * YEAR) / Math.max(1, activityRows)),
    };
  });
  // A production database has planner statistics; without them SQLite guesses badly.
  await sql`analyze`.execute(db);
  await database.destroy();
  await writeFile(join(dataDir, SEED_PARAMS_FILE), `${JSON.stringify(params, null, 2)}\n`);
  console.log(`done: admin ${BENCH_ADMIN} / ${BENCH_PASSWORD}`);
}

await main();
