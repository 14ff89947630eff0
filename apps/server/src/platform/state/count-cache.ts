import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { afterCommit } from '../db/database.js';
import type { CacheInvalidations } from './shared-state.js';
import type { TtlCache } from './ttl-cache.js';
import { createTtlCache, sharedTtlCache } from './ttl-cache.js';

/**
 * Totals of lists over large tables (a count over 1 000 000 keys costs ~10 ms on SQLite, the
 * page itself ~0.3 ms). Each total is counted at most once per `ttlMs` per filter; the owning
 * repository clears the cache on every write it makes, so this node's own changes show at once
 * and another node's within `ttlMs`, or at once when shared (`sharedCountCache`). A count that
 * depends on the time (keys whose status is derived from their deadlines) passes the time it
 * counted at.
 */
export function createCountCache(ttlMs: number, now: () => number = Date.now): CountCache {
  return createTtlCache<number>(ttlMs, now);
}

export type CountCache = TtlCache<number>;

/** Counts by group (a product id, say), kept as a count cache is. */
export type GroupCountCache = TtlCache<ReadonlyMap<string, number>>;

/** A count cache kept fresh on every node (`sharedTtlCache`). */
export function sharedCountCache(
  invalidations: CacheInvalidations,
  name: string,
  ttlMs: number,
): CountCache {
  return sharedTtlCache<number>(invalidations, name, ttlMs);
}

/**
 * Clears `cache` for a write made through `executor`, once it is committed (`afterCommit`): a
 * count made on another connection before the commit, without the write, is not kept. Call it
 * right after the write.
 */
export function clearWhenCommitted(
  cache: Pick<CountCache, 'clear'>,
  executor: Kysely<Database>,
): void {
  afterCommit(executor, () => cache.clear());
}
