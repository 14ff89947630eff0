// How the generator lays out its rows, so the load scripts can pick requests that succeed
// (a running subscription, its bound machine, a key its owner redeemed) without querying.
import { LIMITS } from '@chaveiro/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SeedParams {
  users: number;
  keys: number;
  subscriptions: number;
  products: number;
  /** Audit-log rows over the last year (absent in seeds made before the audit log's history). */
  activity?: number;
  /** A year of deposits and shop orders (absent in seeds made before the sales history). */
  deposits?: number;
  orders?: number;
}

export const SEED_PARAMS_FILE = 'seed.json';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY = 86_400_000;
export const YEAR_MS = 365 * DAY;
/** Every 250th user (from 11) is a reseller: 400 of 100 000. */
const RESELLER_STRIDE = 250;
const RESELLER_FIRST = 11;
/** Keys are issued in blocks of this many, one block one moment (a reseller's purchase). */
export const KEY_BLOCK = 100;

/** Key n: digit i of n in base 36, shifted per position (a bijection, so keys are unique). */
export function keyFor(n: number): string {
  let value = n;
  let key = '';
  for (let i = 0; i < LIMITS.licenseKeyLength; i += 1) {
    key = ALPHABET[(value + i * 7) % ALPHABET.length] + key;
    value = Math.floor(value / ALPHABET.length);
  }
  return key;
}

export function readSeedParams(dataDir: string): SeedParams {
  return JSON.parse(readFileSync(join(dataDir, SEED_PARAMS_FILE), 'utf8')) as SeedParams;
}

/** A deterministic uniform number in [0, 1) for (stream, n): the seed is the same everywhere. */
export function unit(stream: number, n: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/**
 * Where the fraction `f` of a year's events falls in that year when the daily rate grows
 * linearly to three times the first day's (density ∝ 1 + 2x, x in [0, 1]): the inverse of
 * F(x) = (x + x²) / 2. A growing business: more sign-ups and sales every month.
 */
export function growth(f: number): number {
  return (Math.sqrt(1 + 8 * f) - 1) / 2;
}

export function seedShape({ users, products, keys }: SeedParams) {
  const redeemedKey = (n: number) => Math.floor(n / products) % 4 === 1;
  const resellers =
    users > RESELLER_FIRST ? Math.floor((users - 1 - RESELLER_FIRST) / RESELLER_STRIDE) + 1 : 0;
  const keyBlocks = Math.ceil(keys / KEY_BLOCK);
  return {
    /** Subscription s: user s % users, product ⌊s / users⌋ % products (each pair unique). */
    userOfSubscription: (s: number) => s % users,
    productOfSubscription: (s: number) => Math.floor(s / users) % products,
    /**
     * Every tenth is paused by its user; the others expire between -10 and +29 days, each at
     * its own time of day (up to 12 h earlier than the whole day, so running stays running).
     */
    pausedSubscription: (s: number) => s % 10 === 3,
    expiresInDays: (s: number) => (s % 40) - 10,
    runningSubscription: (s: number) => s % 10 !== 3 && (s % 40) - 10 > 0,
    expiresAt: (s: number, now: number) =>
      now + ((s % 40) - 10) * DAY - Math.floor((unit(7, s) * DAY) / 2),
    /** Machine m is bound to subscription 2m; a tenth were seen in the last minute. */
    subscriptionOfMachine: (m: number) => m * 2,
    recentlySeenMachine: (m: number) => m % 10 === 0,
    /** Every 50th user (from 7) is banned; user 0 is the admin. */
    bannedUser: (u: number) => u % 50 === 7,
    /**
     * Key n: product n % products; a fourth of each product's keys (those with
     * ⌊n / products⌋ % 4 = 1) is redeemed by user n % users. That fourth makes some keys of
     * products 0 and 1 belong to a running subscription with a bound machine (user ≡ 20 mod 40),
     * which bench/loader.ts needs to authenticate by key.
     */
    keyProduct: (n: number) => n % products,
    keyRedeemedBy: (n: number) => (redeemedKey(n) ? n % users : null),
    keyBanned: (n: number) => !redeemedKey(n) && n % 97 === 5,
    /** Its term: one of 1, 7, 14, 30 days, the same for a block's keys of one product. */
    keyDays: (n: number) => [1, 7, 14, 30][(n + Math.floor(n / KEY_BLOCK)) % 4] ?? 30,
    /**
     * Activity row n: a type in turn from `ACTIVITY_SEED_TYPES`; a fifth by the admin (user 0),
     * the others by user n % users; spread evenly over the last year, oldest first.
     */
    activityActor: (n: number) => (n % 5 === 0 ? 0 : n % users),
    /** Resellers: every 250th user from 11 (never banned, see `bannedUser`); reseller 0 sells most. */
    resellers,
    resellerUser: (r: number) => RESELLER_FIRST + r * RESELLER_STRIDE,
    isReseller: (u: number) => u % RESELLER_STRIDE === RESELLER_FIRST,
    /**
     * User u signed up at this fraction of the last year (0: a year ago, 1: now), in id order
     * along the growth curve; the admin (0) and the resellers came first.
     */
    userSignupFraction: (u: number) => growth((u + 0.5) / users),
    /**
     * Key blocks of `KEY_BLOCK` keys share a moment, spread over the year along the growth curve.
     * Four blocks in five are a reseller's purchase (each product in it is one purchase of that
     * product, as `buyKeys` records); the fifth is generated by the admin. Resellers are picked
     * with a skew (reseller 0 the busiest), so the leaderboard has a head and a long tail.
     */
    keyBlock: (n: number) => Math.floor(n / KEY_BLOCK),
    keyBlockFraction: (b: number) => growth((b + 0.5) / keyBlocks),
    keyBlockReseller: (b: number) =>
      resellers === 0 || b % 5 === 0
        ? null
        : Math.min(resellers - 1, Math.floor(resellers * unit(1, b) ** 2)),
  };
}

/** The types the seed's activity rows cycle through, with what each targets. */
export const ACTIVITY_SEED_TYPES = [
  ['user.banned', 'user'],
  ['key.redeemed', 'key'],
  ['purchase.completed', 'subscription'],
  ['deposit.paid', 'user'],
  ['user.login_new_ip', 'user'],
  ['loader.refused', 'user'],
  ['product.updated', 'product'],
  ['key.generated', 'product'],
  ['subscription.added', 'user'],
  ['ticket.answered', 'ticket'],
] as const;
