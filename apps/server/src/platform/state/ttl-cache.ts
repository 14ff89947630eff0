import type { CacheInvalidations } from './shared-state.js';

/**
 * Values worth computing at most once per `ttlMs` per key (a count over a million rows, the
 * settings every request reads, the public status page). A failed computation is not kept, so
 * the next caller tries again. Times are wall-clock unless the caller passes `at` (the app's
 * clock, or the time a time-dependent value was computed at), so a value is never served
 * across a jump of that clock. Past `maxEntries` keys, the oldest computed goes first.
 */
export function createTtlCache<T>(
  ttlMs: number,
  now: () => number = Date.now,
  maxEntries = Number.POSITIVE_INFINITY,
) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const listeners: (() => void)[] = [];
  return {
    get(key: string, load: () => Promise<T>, at = now()): Promise<T> {
      const hit = entries.get(key);
      if (hit && at >= hit.at && at - hit.at < ttlMs) return hit.value;
      const entry = { at, value: load() };
      // Re-inserted, so the Map's first key is always the oldest computed.
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear(): void {
      entries.clear();
      for (const listener of listeners) listener();
    },
    /** Calls `listener` on every clear (what is derived from the same rows is stale too). */
    onClear(listener: () => void): void {
      listeners.push(listener);
    },
  };
}

export type TtlCache<T> = ReturnType<typeof createTtlCache<T>>;

/**
 * A cache kept fresh on every node: clearing it (a write of what it caches) also tells the other
 * nodes to drop their copy of the cache `name` (unique per cache); one announcement lost is
 * made good by the expiry.
 */
export function sharedTtlCache<T>(
  invalidations: CacheInvalidations,
  name: string,
  ttlMs: number,
  now?: () => number,
  maxEntries?: number,
): TtlCache<T> {
  const cache = createTtlCache<T>(ttlMs, now, maxEntries);
  invalidations.onCleared(name, () => cache.clear());
  return {
    get: (key, load, at) => cache.get(key, load, at),
    onClear: (listener) => cache.onClear(listener),
    clear() {
      cache.clear();
      invalidations.announceCleared(name);
    },
  };
}
