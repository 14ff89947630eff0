import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.js';
import type { RecentSetOptions } from './recent-set.js';
import { createRecentSet } from './recent-set.js';

/**
 * State every node must agree on, short-lived: rate-limit windows, values claimable once (loader
 * nonces), and "this cache is stale" announcements. In this process's memory by default (one
 * node); in Redis with REDIS_URL (shared-state-redis.ts), so several nodes act as one.
 * docs/architecture.md, "Shared state across nodes", lists what lives where.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /**
   * Rate-limit windows every node counts in; null in memory, where platform/http/rate-limit.ts keeps
   * its own windows in a Map (the loader heartbeat's hot path stays synchronous).
   */
  readonly rateWindows: SharedRateWindows | null;
  /** Values each claimable once within `ttlMs` (loader nonces, session ends already logged). */
  claimSet(name: string, options: RecentSetOptions): ClaimSet;
  /** Tells every other node to drop its copy of the cache `name` (fire and forget). */
  announceCleared(name: string): void;
  /**
   * Calls `drop` when another node announced `name` cleared, and after a lost connection (an
   * announcement may have been missed meanwhile).
   */
  onCleared(name: string, drop: () => void): void;
  /** Whether the shared store answers within `timeoutMs`; null when there is none to ask. */
  ping(timeoutMs: number): Promise<boolean> | null;
  close(): Promise<void>;
}

/** The cache side of SharedState: what a cache needs to stay fresh across nodes. */
export type CacheInvalidations = Pick<SharedState, 'announceCleared' | 'onCleared'>;

export interface ClaimSet {
  /**
   * True when `value` was not claimed within the window (it now is). A promise with Redis; never
   * rejected: while Redis does not answer, the value is claimed in this node's memory.
   */
  claim(value: string): boolean | Promise<boolean>;
}

/** A window's count after a hit and the time until it restarts. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

export interface SharedRateWindows {
  /**
   * The windows of one rule, kept under its name: a second rule object of the same name would
   * share them, so it is reported as an error.
   */
  forRule(rule: {
    name: string;
    windowMs: number;
  }): (key: string, calls: number) => Promise<WindowCount>;
  /** Logs that shared state could not be reached, at most once every few seconds per `what`. */
  reportUnavailable(log: FastifyBaseLogger, what: string, error: unknown): void;
}

/** One node: everything in this process, as before REDIS_URL existed. */
export function createMemorySharedState(clock: Clock): SharedState {
  return {
    kind: 'memory',
    rateWindows: null,
    claimSet: (_name, options) => createRecentSet(clock, options),
    // No other node to tell: the cache's owner drops its own copy.
    announceCleared: () => undefined,
    onCleared: () => undefined,
    ping: () => null,
    close: () => Promise.resolve(),
  };
}
