// A year of business history for the seeded database: the plans the shop sells,
// deposits, shop orders, and the presence rollups that only the minute sampler could have written
// (online users per minute, the day's peak/sum/samples, the four cards' and the running
// subscriptions' daily snapshots). The counters of `analytics_daily` are not written here: the
// server's backfill derives them from these source rows, as it would on a real database.
import { PLAN_DURATION_DAYS, PLAN_DURATION_TYPES, type PlanDurationType } from '@chaveiro/contract';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import { METRICS } from '../apps/server/src/modules/analytics/analytics-metrics.js';
import { benchProductId, benchSubscriptionId, benchUserId } from './seed-ids.js';
import { growth, seedShape, unit, YEAR_MS, type SeedParams } from './seed-shape.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** São Paulo has kept UTC-3 all year since 2019 (no daylight saving). */
const SAO_PAULO_OFFSET = -3 * HOUR;

const id = (kind: string, n: number) =>
  `0190${kind}-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
export const benchPlanId = (n: number) => id('0007', n);
export const benchDepositId = (n: number) => id('0008', n);
export const benchOrderId = (n: number) => id('0009', n);
/** The PIX deposit paying checkout order 8k (every eighth order is paid by PIX). */
export const benchCheckoutDepositId = (k: number) => id('000a', k);

/** The São Paulo calendar day (YYYY-MM-DD) holding `epochMs`. */
export function saoPauloDay(epochMs: number): string {
  return new Date(epochMs + SAO_PAULO_OFFSET).toISOString().slice(0, 10);
}
/** The instant São Paulo's day holding `epochMs` began. */
function saoPauloDayStart(epochMs: number): number {
  return Math.floor((epochMs + SAO_PAULO_OFFSET) / DAY) * DAY - SAO_PAULO_OFFSET;
}

const BASE_PRICE_CENTS: Record<PlanDurationType, number> = {
  daily: 990,
  weekly: 2_990,
  'bi-weekly': 4_990,
  monthly: 7_990,
};
/** Product p's plan prices: R$ 1 more per product; resellers pay 75 % of retail. */
export function planPriceCents(product: number, type: PlanDurationType) {
  const retail = BASE_PRICE_CENTS[type] + product * 100;
  return { retail, reseller: Math.round(retail * 0.75) };
}
export function durationTypeOfDays(days: number): PlanDurationType {
  return PLAN_DURATION_TYPES.find((type) => PLAN_DURATION_DAYS[type] === days) ?? 'monthly';
}

const DEPOSIT_AMOUNTS = [1_000, 2_000, 2_500, 5_000, 5_000, 10_000, 10_000, 15_000, 20_000, 30_000];

type InsertBatches = <T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  total: number,
  row: (n: number) => Insertable<Database[T]>,
) => Promise<void>;

export function historyShape(params: SeedParams, now: number) {
  const shape = seedShape(params);
  const yearAgo = now - YEAR_MS;
  const signupAt = (u: number) => yearAgo + Math.floor(shape.userSignupFraction(u) * YEAR_MS);
  /** A moment between user u's sign-up and an hour ago, uniform. */
  const afterSignup = (u: number, f: number) => {
    const from = signupAt(u);
    return from + Math.floor(f * Math.max(0, now - HOUR - from));
  };
  /**
   * Event i of `total` over the year (in order, along the growth curve: the rate follows the
   * user base) and a user who had signed up by then, uniform among them (`r` in [0, 1)).
   */
  const alongYear = (i: number, total: number, jitter: number) =>
    yearAgo + Math.floor(growth((i + jitter) / Math.max(1, total)) * (YEAR_MS - HOUR));
  const userBy = (at: number, r: number) => {
    const x = (at - yearAgo) / YEAR_MS;
    const signedUp = (params.users * (x + x * x)) / 2;
    return Math.min(params.users - 1, 1 + Math.floor(r * Math.max(1, signedUp - 1)));
  };
  /** Deposit d: when it was paid and whose; every tenth a reseller's (topping up to buy keys). */
  const deposit = (d: number) => {
    const at = alongYear(d, params.deposits ?? 0, unit(22, d));
    const user =
      d % 10 === 0 && shape.resellers > 0
        ? shape.resellerUser(Math.floor(shape.resellers * unit(20, d) ** 2))
        : userBy(at, unit(21, d));
    return { user, paidAt: Math.max(at, signupAt(user) + HOUR) };
  };
  const order = (o: number) => {
    const at = alongYear(o, params.orders ?? 0, unit(33, o));
    const user = userBy(at, unit(30, o));
    return { user, completedAt: Math.max(at, signupAt(user) + HOUR) };
  };
  return { shape, signupAt, afterSignup, deposit, order };
}

/** Plans for every product and duration (the shop, key purchases and renewal prices need them). */
export async function seedPlans(
  db: Kysely<Database>,
  params: SeedParams,
  insertBatches: InsertBatches,
) {
  const types = PLAN_DURATION_TYPES;
  await insertBatches<'plans'>(db, 'plans', params.products * types.length, (n) => {
    const product = Math.floor(n / types.length);
    const type = types[n % types.length] ?? 'monthly';
    const price = planPriceCents(product, type);
    return {
      id: benchPlanId(n),
      product_id: benchProductId(product),
      duration_type: type,
      price_cents: price.retail,
      reseller_price_cents: price.reseller,
    };
  });
}

/**
 * Deposits over the year: 88 % approved (paid), 2 % paid then refunded, the rest expired,
 * rejected or (the last hour's) pending. A third through Mercado Pago, the rest manual PIX.
 */
export async function seedDeposits(
  db: Kysely<Database>,
  params: SeedParams,
  now: number,
  insertBatches: InsertBatches,
) {
  const history = historyShape(params, now);
  await insertBatches<'deposits'>(db, 'deposits', params.deposits ?? 0, (d) => {
    const { user, paidAt } = history.deposit(d);
    const outcome = d % 100;
    const status =
      outcome < 88
        ? 'approved'
        : outcome < 90
          ? 'refunded'
          : outcome < 95
            ? 'expired'
            : outcome < 98
              ? 'rejected'
              : 'pending';
    const createdAt =
      status === 'pending'
        ? now - Math.floor(unit(23, d) * HOUR)
        : paidAt - MINUTE * (2 + Math.floor(unit(23, d) * 13));
    const paid = status === 'approved' || status === 'refunded';
    const gateway = d % 3 === 0 ? 'mercadopago' : 'manual';
    const amount = DEPOSIT_AMOUNTS[Math.floor(unit(24, d) * DEPOSIT_AMOUNTS.length)] ?? 5_000;
    const decided = status === 'pending' || status === 'expired' ? null : paidAt;
    return {
      id: benchDepositId(d),
      user_id: benchUserId(user),
      amount_cents: history.shape.isReseller(user) ? amount * 10 : amount,
      method: 'pix',
      reference: `BENCHDEP${d.toString(36).toUpperCase()}`,
      status,
      reject_reason: status === 'rejected' ? 'Comprovante não confere' : null,
      decided_by: gateway === 'manual' && decided !== null ? benchUserId(0) : null,
      decided_at: decided,
      created_at: createdAt,
      gateway,
      order_id: null,
      gateway_payment_id: gateway === 'mercadopago' ? String(90_000_000_000 + d) : null,
      gateway_status: gateway === 'mercadopago' ? (paid ? status : 'cancelled') : null,
      pix_code: null,
      expires_at: createdAt + 30 * MINUTE,
      payer_email: null,
      payer_name: null,
      paid_at: paid ? paidAt : null,
      refunded_at:
        status === 'refunded'
          ? paidAt +
            Math.floor((0.1 + 0.9 * unit(25, d)) * Math.min(10 * DAY, now - MINUTE - paidAt))
          : null,
      uncovered_cents: null,
      flag: null,
      gateway_checked_at: null,
    };
  });
}

/**
 * Shop orders over the year, each a product plan at its retail price: a third renew the
 * customer's subscription of that product when there is one. Seven in eight are paid from the
 * balance; every eighth is a PIX checkout with its own deposit (one in eight of those refused,
 * the order cancelled).
 */
export async function seedOrders(
  db: Kysely<Database>,
  params: SeedParams,
  now: number,
  insertBatches: InsertBatches,
) {
  const history = historyShape(params, now);
  const orders = params.orders ?? 0;
  const order = (o: number) => {
    const { user, completedAt } = history.order(o);
    const product = Math.floor(unit(31, o) * params.products);
    const type = PLAN_DURATION_TYPES[Math.floor(unit(32, o) * 4)] ?? 'monthly';
    const subscription = user + product * params.users;
    const pix = o % 8 === 0;
    const cancelled = pix && o % 64 === 8;
    return { user, product, type, subscription, completedAt, pix, cancelled };
  };
  await insertBatches<'orders'>(db, 'orders', orders, (o) => {
    const { user, product, type, subscription, completedAt, pix, cancelled } = order(o);
    const hasSubscription = subscription < params.subscriptions;
    const price = planPriceCents(product, type).retail;
    return {
      id: benchOrderId(o),
      user_id: benchUserId(user),
      kind: hasSubscription && o % 3 === 0 ? 'renewal' : 'purchase',
      product_id: benchProductId(product),
      product_name: `Produto ${product}`,
      duration_type: type,
      days: PLAN_DURATION_DAYS[type],
      price_cents: price,
      subscription_id: hasSubscription ? benchSubscriptionId(subscription) : null,
      method: pix ? 'pix' : 'balance',
      deposit_id: pix ? benchCheckoutDepositId(o / 8) : null,
      paid_from_balance_cents: pix ? 0 : price,
      status: cancelled ? 'cancelled' : 'completed',
      failure_reason: null,
      created_at: completedAt - (pix ? 3 * MINUTE : 0),
      completed_at: cancelled ? null : completedAt,
    };
  });
  await insertBatches<'deposits'>(db, 'deposits', Math.ceil(orders / 8), (k) => {
    const { user, product, type, completedAt, cancelled } = order(k * 8);
    const createdAt = completedAt - 3 * MINUTE;
    return {
      id: benchCheckoutDepositId(k),
      user_id: benchUserId(user),
      amount_cents: planPriceCents(product, type).retail,
      method: 'pix',
      reference: `BENCHCHK${k.toString(36).toUpperCase()}`,
      status: cancelled ? 'rejected' : 'approved',
      reject_reason: cancelled ? 'Pagamento não identificado' : null,
      decided_by: benchUserId(0),
      decided_at: completedAt,
      created_at: createdAt,
      gateway: 'manual',
      order_id: benchOrderId(k * 8),
      gateway_payment_id: null,
      gateway_status: null,
      pix_code: null,
      expires_at: createdAt + 30 * MINUTE,
      payer_email: null,
      payer_name: null,
      paid_at: cancelled ? null : completedAt,
      refunded_at: null,
      uncovered_cents: null,
      flag: null,
      gateway_checked_at: null,
    };
  });
}

/** The dashboard cards' values now, by the dashboard's own definitions (dashboard-repository). */
async function currentGauges(db: Kysely<Database>, now: number) {
  const one = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  return {
    online: await one(sql<{ n: number }>`select count(distinct s.user_id) as n
      from machines m join subscriptions s on s.id = m.subscription_id
      where m.last_seen_at >= ${now - 90_000}`),
    active: await one(sql<{ n: number }>`select count(distinct user_id) as n from subscriptions
      where status = 'active' and expires_at > ${now}`),
    banned: await one(sql<{ n: number }>`select count(*) as n from users where status = 'banned'`),
    expired: await one(sql<{ n: number }>`select count(*) as n from subscriptions
      where status = 'active' and expires_at >= ${now - 7 * DAY} and expires_at < ${now}`),
    running: await one(sql<{ n: number }>`select count(*) as n from subscriptions
      where status = 'active' and expires_at > ${now}`),
  };
}

/**
 * Presence and the daily snapshots the minute sampler would have written over the last year.
 * Online users follow a daily curve (lowest mid-morning, highest at 21 h São Paulo, a little
 * higher at weekends) scaled by the user base as it grew, with ±5 % noise; tonight's peak is about
 * the online count the seeded machines give now. The last 30 days get one
 * `analytics_online_minutes` row per minute; every day of the year gets its `online.*` and gauge
 * rows (today's up to now).
 */
export async function seedPresence(
  db: Kysely<Database>,
  params: SeedParams,
  now: number,
  insertBatches: InsertBatches,
) {
  const started = Date.now();
  const gauges = await currentGauges(db, now);
  const peak = Math.max(20, gauges.online);
  /** Users signed up by `t` as a fraction of today's (the seed's growth curve), at least 5 %. */
  const base = (t: number) => {
    const x = Math.min(1, Math.max(0, (t - (now - YEAR_MS)) / YEAR_MS));
    return 0.05 + 0.95 * ((x + x * x) / 2);
  };
  const online = (minute: number) => {
    const local = minute + SAO_PAULO_OFFSET;
    const hour = (local % DAY) / HOUR;
    const weekday = new Date(local).getUTCDay();
    const daily = 0.12 + 0.88 * ((1 + Math.cos((2 * Math.PI * (hour - 21)) / 24)) / 2) ** 1.6;
    const weekend = weekday === 0 || weekday === 6 ? 1.12 : 1;
    const noise = 0.95 + 0.1 * unit(40, minute / MINUTE);
    return Math.round(peak * base(minute) * daily * weekend * noise);
  };

  const nowMinute = Math.floor(now / MINUTE) * MINUTE;
  const today = saoPauloDayStart(now);
  const daily: Insertable<Database['analytics_daily']>[] = [];
  const gauge = (metric: string, day: string, value: number) =>
    daily.push({ metric, dimension: '', day, value });
  for (let d = 364; d >= 0; d -= 1) {
    const start = today - d * DAY;
    const end = Math.min(start + DAY - MINUTE, nowMinute);
    const day = saoPauloDay(start);
    let top = 0;
    let sum = 0;
    let samples = 0;
    for (let minute = start; minute <= end; minute += MINUTE) {
      const users = online(minute);
      top = Math.max(top, users);
      sum += users;
      samples += 1;
    }
    const scale = base(end) / base(now);
    gauge(METRICS.onlinePeak, day, top);
    gauge(METRICS.onlineSum, day, sum);
    gauge(METRICS.onlineSamples, day, samples);
    gauge(METRICS.onlineUsers, day, online(end));
    gauge(METRICS.activeUsers, day, Math.round(gauges.active * scale));
    gauge(METRICS.bannedUsers, day, Math.round(gauges.banned * scale));
    gauge(METRICS.expiredSubscriptions, day, Math.round(gauges.expired * scale));
    gauge(METRICS.activeSubscriptions, day, Math.round(gauges.running * scale));
  }
  await insertBatches<'analytics_daily'>(
    db,
    'analytics_daily',
    daily.length,
    (n) => daily[n] as Insertable<Database['analytics_daily']>,
  );
  const firstMinute = today - 29 * DAY;
  await insertBatches<'analytics_online_minutes'>(
    db,
    'analytics_online_minutes',
    (nowMinute - firstMinute) / MINUTE + 1,
    (n) => {
      const minute = firstMinute + n * MINUTE;
      return { minute, users: online(minute) };
    },
  );
  console.log(
    `  presence: peak ${peak} online, 365 days of snapshots in ${Date.now() - started} ms`,
  );
}
