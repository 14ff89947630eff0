import type { Clock } from '../core/clock.js';

export interface RecentSetOptions {
  /** A value is remembered for at least this long. */
  ttlMs: number;
  /** Bound on the values held, so a flood cannot exhaust memory. */
  maxEntries: number;
}

/**
 * Values seen recently (request nonces, session ends already logged), in two generations of
 * `ttlMs` each: a value is remembered between one and two `ttlMs`, and dropping a whole
 * generation costs nothing per entry. When a flood fills a generation early it turns over
 * early: memory stays bounded and only the oldest values of that flood are forgotten sooner.
 * This node's memory only: with REDIS_URL, platform/state/shared-state-redis.ts shares them instead.
 */
export function createRecentSet(clock: Clock, { ttlMs, maxEntries }: RecentSetOptions) {
  const perGeneration = Math.max(1, Math.floor(maxEntries / 2));
  let current = new Set<string>();
  let previous = new Set<string>();
  let startedAt = clock.now();

  return {
    /** Records `value`; false when it was already seen. */
    claim(value: string): boolean {
      const now = clock.now();
      if (now - startedAt >= ttlMs || current.size >= perGeneration) {
        previous = current;
        current = new Set();
        startedAt = now;
      }
      if (current.has(value) || previous.has(value)) return false;
      current.add(value);
      return true;
    },
  };
}

export type RecentSet = ReturnType<typeof createRecentSet>;
