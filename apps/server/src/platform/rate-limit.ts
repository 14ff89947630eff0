import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors.js';

export interface RateLimitRule {
  /** Names the rule in the log when it refuses a call. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * What is counted: the caller's IP by default, or e.g. the email a request names; null when
   * the request has nothing this rule counts (it passes).
   */
  key?: (request: FastifyRequest) => string | null;
}

/** Keys one rule tracks at most; past it, expired windows are dropped, then the oldest. */
const MAX_KEYS = 100_000;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * A preHandler enforcing a fixed-window limit, counted in this node's memory. Several rules can
 * guard one route (per IP and per account); a rule's handler may guard several routes, which
 * then share its counters. A limited call answers 429 with Retry-After. The bookkeeping is a
 * Map lookup in a callback hook, with no promise: the loader heartbeat passes here on every call
 * (it replaced @fastify/rate-limit, whose store cost about a tenth of a heartbeat).
 */
export function rateLimit(rule: RateLimitRule) {
  const windows = new Map<string, Window>();
  const keyOf = rule.key ?? ipKey;

  function dropExpired(now: number): void {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const key = keyOf(request);
    if (key === null) return done();
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      if (windows.size >= MAX_KEYS) {
        dropExpired(now);
        // Still full: a flood of distinct keys; forget the oldest window first.
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
      }
      window = { count: 0, resetAt: now + rule.windowMs };
      // Re-inserted so the Map's order stays oldest window first.
      windows.delete(key);
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > rule.max) {
      request.log.info({ rule: rule.name }, 'rate limited');
      void reply.header('retry-after', String(Math.ceil((window.resetAt - now) / 1000)));
      return done(new TooManyRequestsError());
    }
    done();
  };
}

function ipKey(request: FastifyRequest): string {
  return request.ip;
}

/** Reads a string field of the parsed body for a per-account key, lower-cased (null when absent). */
export function bodyField(field: string) {
  return (request: FastifyRequest): string | null => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : null;
  };
}
