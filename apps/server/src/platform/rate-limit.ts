import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors.js';

export interface RateLimitRule {
  /** Names the rule in the log when it refuses a call. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * What is counted: the caller's IP by default, or e.g. the email a request names; null when
   * the request has nothing this rule counts (it passes). A key that needs a lookup (the account
   * a login names) may come as a promise; synchronous keys keep the hot path promise-free.
   */
  key?: (request: FastifyRequest) => string | null | Promise<string | null>;
  /**
   * Tells the client its budget on every counted answer: `RateLimit-Limit`,
   * `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window restarts), as the
   * seller API promises its callers. Off by default: the site's and the loader's limits stay
   * silent until they refuse.
   */
  headers?: boolean;
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
  const windows = createWindows(rule);
  const keyOf = rule.key ?? ipKey;

  function countSilently(
    key: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    done(key === null ? undefined : windows.hit(key, request, reply, 1));
  }

  function countAndTell(
    key: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    if (key === null) return done();
    const refused = windows.hit(key, request, reply, 1);
    windows.tell(key, reply);
    done(refused);
  }

  // Chosen once, so the rules that send no headers (the loader's) run exactly as before.
  const count = rule.headers ? countAndTell : countSilently;

  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const key = keyOf(request);
    if (key === null || typeof key === 'string') return count(key, request, reply, done);
    key.then(
      (resolved) => count(resolved, request, reply, done),
      (error: unknown) => done(error as Error),
    );
  };
}

/**
 * A limit on refused calls per IP, for routes whose successful calls must not be counted or
 * slowed (the loader heartbeat): the route's error handler counts each refusal with `refused`,
 * which answers the 429 to send instead once the IP is past `max`; `exceeded` tells, without
 * counting, whether an IP already is (to refuse a call known to fail before doing its work).
 */
export function refusalLimit(rule: Omit<RateLimitRule, 'key'>) {
  const windows = createWindows(rule);
  return {
    refused: (request: FastifyRequest, reply: FastifyReply) =>
      windows.hit(request.ip, request, reply, 1),
    exceeded: (request: FastifyRequest, reply: FastifyReply) =>
      windows.hit(request.ip, request, reply, 0),
  };
}

/** Fixed windows per key, in this node's memory. */
function createWindows(rule: Omit<RateLimitRule, 'key'>) {
  const windows = new Map<string, Window>();

  function dropExpired(now: number): void {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    /** Adds `calls` to the key's window; the 429 to answer (Retry-After set) once past `max`. */
    hit(
      key: string,
      request: FastifyRequest,
      reply: FastifyReply,
      calls: number,
    ): TooManyRequestsError | undefined {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (calls === 0) return undefined;
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
      window.count += calls;
      if (window.count <= rule.max - 1 + calls) return undefined;
      request.log.info({ rule: rule.name }, 'rate limited');
      void reply.header('retry-after', String(Math.ceil((window.resetAt - now) / 1000)));
      return new TooManyRequestsError();
    },

    /** Sets the RateLimit-* headers of the key's current window (after `hit`). */
    tell(key: string, reply: FastifyReply): void {
      const window = windows.get(key);
      if (!window) return;
      const resetSeconds = Math.max(0, Math.ceil((window.resetAt - Date.now()) / 1000));
      void reply.headers({
        'ratelimit-limit': String(rule.max),
        'ratelimit-remaining': String(Math.max(0, rule.max - window.count)),
        'ratelimit-reset': String(resetSeconds),
      });
    },
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

/**
 * Counts per account rather than per string: the body's `field` (a username or an e-mail) is
 * resolved by `resolve` to the account's id, so every spelling of one account shares a window.
 * An identifier naming no account is counted by its lower-cased text, with the same limit, so
 * the answers do not tell which exist.
 */
export function accountField(
  field: string,
  resolve: (identifier: string) => Promise<string | undefined>,
) {
  const identifierOf = bodyField(field);
  return async (request: FastifyRequest): Promise<string | null> => {
    const identifier = identifierOf(request);
    if (identifier === null) return null;
    const accountId = await resolve(identifier);
    return accountId === undefined ? `unknown:${identifier}` : `account:${accountId}`;
  };
}
