import type { CacheInvalidations } from './shared-state.js';

/**
 * Totals of lists over large tables (a count over 1 000 000 keys costs ~10 ms on SQLite, the
 * page itself ~0.3 ms). Each total is counted at most once per `ttlMs` per filter; the owning
 * repository clears the cache on every write it makes, so this node's own changes show at once
 * and another node's within `ttlMs`, or at once when shared (`sharedCountCache`). Times are
 * wall-clock unless the caller passes `at`: a count that depends on the time (keys whose status
 * is derived from their deadlines) passes the time it counted at, so a total is never served
 * across a jump of the app's clock.
 */
export function createCountCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<number> }>();
  return {
    get(key: string, count: () => Promise<number>, at = now()): Promise<number> {
      const hit = entries.get(key);
      if (hit && at >= hit.at && at - hit.at < ttlMs) return hit.value;
      const entry = { at, value: count() };
      entries.set(key, entry);
      // A failed count must not be served to the next callers.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type CountCache = ReturnType<typeof createCountCache>;

/**
 * A count cache kept fresh on every node: clearing it (a write of its owning repository) also
 * tells the other nodes to drop their copy of the cache `name` (a name unique per cache).
 */
export function sharedCountCache(
  invalidations: CacheInvalidations,
  name: string,
  ttlMs: number,
): CountCache {
  const cache = createCountCache(ttlMs);
  invalidations.onCleared(name, () => cache.clear());
  return {
    get: (key, count, at) => cache.get(key, count, at),
    clear() {
      cache.clear();
      invalidations.announceCleared(name);
    },
  };
}
