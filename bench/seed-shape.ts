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
  /** Audit-log rows over the last year (absent in seeds older than #22). */
  activity?: number;
}

export const SEED_PARAMS_FILE = 'seed.json';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY = 86_400_000;

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

export function seedShape({ users, products }: SeedParams) {
  return {
    /** Subscription s: user s % users, product ⌊s / users⌋ % products (each pair unique). */
    userOfSubscription: (s: number) => s % users,
    productOfSubscription: (s: number) => Math.floor(s / users) % products,
    /** Every tenth is paused by its user; the others expire between -10 and +29 days. */
    pausedSubscription: (s: number) => s % 10 === 3,
    expiresInDays: (s: number) => (s % 40) - 10,
    runningSubscription: (s: number) => s % 10 !== 3 && (s % 40) - 10 > 0,
    expiresAt: (s: number, now: number) => now + ((s % 40) - 10) * DAY,
    /** Machine m is bound to subscription 2m; a tenth were seen in the last minute. */
    subscriptionOfMachine: (m: number) => m * 2,
    recentlySeenMachine: (m: number) => m % 10 === 0,
    /** Every 50th user (from 7) is banned; user 0 is the admin. */
    bannedUser: (u: number) => u % 50 === 7,
    /** Key n: product n % products; every fourth is redeemed by user n % users. */
    keyProduct: (n: number) => n % products,
    keyRedeemedBy: (n: number) => (n % 4 === 0 ? n % users : null),
    keyBanned: (n: number) => n % 4 !== 0 && n % 97 === 5,
    /**
     * Activity row n: a type in turn from `ACTIVITY_SEED_TYPES`; a fifth by the admin (user 0),
     * the others by user n % users; spread evenly over the last year, oldest first.
     */
    activityActor: (n: number) => (n % 5 === 0 ? 0 : n % users),
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
