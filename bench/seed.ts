// `npm run bench:seed -- --users 100000 --keys 1000000 [--subscriptions 200000] [--dir bench/.data]`
// Fills a fresh SQLite data folder with realistic volumes for the benchmarks. Rows go in through
// Kysely in large multi-row inserts, many per transaction: about a minute for a million keys.
// A year of history: sign-ups along a growth curve, resellers' key purchases,
// redemptions, deposits and shop orders (bench/seed-history.ts), the presence rollups only the
// minute sampler could write, then the server's analytics backfill over the source rows.
import { writeFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import { runAnalyticsBackfill } from '../apps/server/src/modules/analytics/analytics-backfill.js';
import { createDatabase, withTransaction } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { hashPassword } from '../apps/server/src/platform/crypto/passwords.js';
import {
  BENCH_ADMIN,
  BENCH_PASSWORD,
  BENCH_RESELLER,
  benchActivityId,
  benchHwid,
  benchKeyId,
  benchMachineId,
  benchProductId,
  benchSubscriptionId,
  benchUserId,
} from './seed-ids.js';
import {
  durationTypeOfDays,
  historyShape,
  planPriceCents,
  seedDeposits,
  seedOrders,
  seedPlans,
  seedPresence,
} from './seed-history.js';
import {
  ACTIVITY_SEED_TYPES,
  keyFor,
  SEED_PARAMS_FILE,
  seedShape,
  unit,
  YEAR_MS as YEAR,
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
    /** Deposits and shop orders over the year (defaults: 1.2 and 1 per user). */
    deposits: { type: 'string' },
    orders: { type: 'string' },
    dir: { type: 'string', default: 'bench/.data' },
  },
});

const params: SeedParams = {
  users: Number(values.users),
  keys: Number(values.keys),
  subscriptions: Number(values.subscriptions ?? Number(values.users) * 2),
  products: Number(values.products),
  activity: Number(values.activity),
  deposits: Number(values.deposits ?? Math.round(Number(values.users) * 1.2)),
  orders: Number(values.orders ?? Number(values.users)),
};
const shape = seedShape(params);
const HOUR = 3_600_000;
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
  const seedStarted = Date.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const history = historyShape(params, now);
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
  await seedPlans(db, params, insertBatches);
  await insertBatches<'users'>(db, 'users', params.users, (n) => ({
    id: benchUserId(n),
    username: `user${n}`,
    username_lower: `user${n}`,
    email: `user${n}@bench.test`,
    email_lower: `user${n}@bench.test`,
    password_hash: passwordHash,
    role: n === 0 ? 'admin' : shape.isReseller(n) ? 'reseller' : 'client',
    status: shape.bannedUser(n) ? 'banned' : 'active',
    email_verified_at: history.signupAt(n),
    avatar_url: null,
    totp_secret: null,
    totp_last_step: null,
    daily_bonus_at: null,
    balance_cents: shape.isReseller(n) ? 50_000 + (n % 7) * 10_000 : (n % 13) * 500,
    created_at: history.signupAt(n),
  }));
  await insertBatches<'subscriptions'>(db, 'subscriptions', params.subscriptions, (s) => {
    const paused = shape.pausedSubscription(s);
    const expiresAt = paused ? null : shape.expiresAt(s, now);
    const user = shape.userOfSubscription(s);
    return {
      id: benchSubscriptionId(s),
      user_id: benchUserId(user),
      product_id: benchProductId(shape.productOfSubscription(s)),
      status: paused ? 'paused' : 'active',
      expires_at: expiresAt,
      paused_remaining_ms: paused ? 5 * DAY : null,
      paused_by: paused ? 'user' : null,
      max_devices: 1 + (s % 3),
      created_at: Math.min(history.afterSignup(user, unit(5, s)), (expiresAt ?? now) - DAY),
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
    const block = shape.keyBlock(n);
    const reseller = shape.keyBlockReseller(block);
    // A block's keys share one moment: a reseller's purchase (one per product in it).
    const createdAt = Math.min(
      now - 2 * HOUR,
      now - YEAR + Math.floor(shape.keyBlockFraction(block) * YEAR),
    );
    const product = shape.keyProduct(n);
    const days = shape.keyDays(n);
    const price = reseller === null ? null : planPriceCents(product, durationTypeOfDays(days));
    // Most keys are redeemed within a day or two of their purchase, a few up to three weeks
    // later; never in the future, so recent keys wait less instead of piling up now. (The
    // redeemer, fixed by `keyRedeemedBy` for the load scripts, may have signed up later.)
    const redeemedAt =
      redeemedBy === null
        ? null
        : createdAt +
          Math.floor(unit(6, n) ** 4 * Math.min(21 * DAY, Math.max(0, now - 60_000 - createdAt)));
    return {
      id: benchKeyId(n),
      key: keyFor(n),
      product_id: benchProductId(product),
      duration_days: days,
      status: redeemedBy !== null ? 'used' : shape.keyBanned(n) ? 'banned' : 'active',
      created_by: benchUserId(reseller === null ? 0 : shape.resellerUser(reseller)),
      redeemed_by: redeemedBy === null ? null : benchUserId(redeemedBy),
      redeemed_at: redeemedAt,
      price_cents: price?.reseller ?? null,
      retail_price_cents: price?.retail ?? null,
      created_at: createdAt,
    };
  });
  await seedDeposits(db, params, now, insertBatches);
  await seedOrders(db, params, now, insertBatches);
  const activityRows = params.activity ?? 0;
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
  await seedPresence(db, params, now, insertBatches);
  console.log(`  rows seeded in ${Date.now() - seedStarted} ms`);
  // The counters, as `npm run analytics:backfill` derives them on a real database.
  const backfill = await runAnalyticsBackfill(db, database.dialect, {
    now,
    progress: (line) => console.log(`    ${line}`),
  });
  console.log(`  analytics backfill: ${String(backfill.ms)} ms`);
  // A production database has planner statistics; without them SQLite guesses badly.
  await sql`analyze`.execute(db);
  await database.destroy();
  await writeFile(join(dataDir, SEED_PARAMS_FILE), `${JSON.stringify(params, null, 2)}\n`);
  console.log(
    `done in ${String(Date.now() - seedStarted)} ms: admin ${BENCH_ADMIN} / ${BENCH_PASSWORD},` +
      ` reseller ${BENCH_RESELLER} / ${BENCH_PASSWORD}`,
  );
}

await main();
