import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../core/errors.js';
import type { SharedRateWindows, SharedState, WindowCount } from '../state/shared-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where rate-limit windows, nonces and cache announcements live (platform/state/shared-state.ts). */
    sharedState: SharedState;
  }
}

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
 * A preHandler enforcing a fixed-window limit. Several rules can guard one route (per IP and per
 * account); a rule's handler may guard several routes, which then share its counters. A limited
 * call answers 429 with Retry-After. Counted in this node's memory unless the app's shared state
 * is Redis (REDIS_URL), where every node counts in one window per rule name and key. In memory
 * the bookkeeping is a Map lookup in a callback hook, with no promise: the loader heartbeat
 * passes here on every call (it replaced @fastify/rate-limit, whose store cost about a tenth of
 * a heartbeat).
 */
export function rateLimit(rule: RateLimitRule) {
  const windows = createWindows(rule);
  const shared = sharedWindows(rule);
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

  function countShared(
    store: SharedRateWindows,
    key: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    if (key === null) return done();
    shared.hit(store, key, request, reply, 1).then((refused) => done(refused), done);
  }

  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    // Undefined on an app not built by buildApp (a bare Fastify in a test): memory then.
    const store = request.server.sharedState?.rateWindows;
    const key = keyOf(request);
    if (store) {
      if (key === null || typeof key === 'string') {
        return countShared(store, key, request, reply, done);
      }
      return void key.then(
        (resolved) => countShared(store, resolved, request, reply, done),
        (error: unknown) => done(error as Error),
      );
    }
    if (key === null || typeof key === 'string') return count(key, request, reply, done);
    key.then(
      (resolved) => count(resolved, request, reply, done),
      (error: unknown) => done(error as Error),
    );
  };
}

/** The 429 to answer instead, if any; a promise when the windows are shared (Redis). */
export type LimitVerdict =
  TooManyRequestsError | undefined | Promise<TooManyRequestsError | undefined>;

/**
 * A limit on refused calls per IP, for routes whose successful calls must not be counted or
 * slowed (the loader heartbeat): the route's error handler counts each refusal with `refused`,
 * which answers the 429 to send instead once the IP is past `max`; `exceeded` tells, without
 * counting, whether an IP already is (to refuse a call known to fail before doing its work).
 */
export function refusalLimit(rule: Omit<RateLimitRule, 'key'>) {
  const windows = createWindows(rule);
  const shared = sharedWindows(rule);
  const hit = (request: FastifyRequest, reply: FastifyReply, calls: number): LimitVerdict => {
    const store = request.server.sharedState?.rateWindows;
    return store
      ? shared.hit(store, request.ip, request, reply, calls)
      : windows.hit(request.ip, request, reply, calls);
  };
  return {
    refused: (request: FastifyRequest, reply: FastifyReply) => hit(request, reply, 1),
    exceeded: (request: FastifyRequest, reply: FastifyReply) => hit(request, reply, 0),
  };
}

/**
 * A rule's windows in the shared store (Redis): the same verdicts and headers as in memory. A
 * store that does not answer lets the call through (fail open, logged): a limit missed for a
 * while costs less than refusing every caller while Redis is down.
 */
function sharedWindows(rule: Omit<RateLimitRule, 'key'>) {
  let boundStore: SharedRateWindows | undefined;
  let windowOf: ((key: string, calls: number) => Promise<WindowCount>) | undefined;
  return {
    async hit(
      store: SharedRateWindows,
      key: string,
      request: FastifyRequest,
      reply: FastifyReply,
      calls: number,
    ): Promise<TooManyRequestsError | undefined> {
      if (store !== boundStore || !windowOf) {
        boundStore = store;
        windowOf = store.forRule(rule);
      }
      let window: WindowCount;
      try {
        window = await windowOf(key, calls);
      } catch (error) {
        store.reportUnavailable(request.log, `rate limit ${rule.name}`, error);
        return undefined;
      }
      const resetSeconds = secondsUntil(window.resetInMs);
      if (rule.headers && calls > 0) tellBudget(reply, rule, window.count, resetSeconds);
      if (window.count <= rule.max - 1 + calls) return undefined;
      return refuse(request, reply, rule, resetSeconds);
    },
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
      return refuse(request, reply, rule, secondsUntil(window.resetAt - now));
    },

    /** Sets the RateLimit-* headers of the key's current window (after `hit`). */
    tell(key: string, reply: FastifyReply): void {
      const window = windows.get(key);
      if (!window) return;
      tellBudget(reply, rule, window.count, secondsUntil(window.resetAt - Date.now()));
    },
  };
}

/** Whole seconds until a window restarts, as Retry-After and RateLimit-Reset give them. */
function secondsUntil(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** The RateLimit-* headers of a window that has `count` calls and restarts in `resetSeconds`. */
function tellBudget(
  reply: FastifyReply,
  rule: Omit<RateLimitRule, 'key'>,
  count: number,
  resetSeconds: number,
): void {
  void reply.headers({
    'ratelimit-limit': String(rule.max),
    'ratelimit-remaining': String(Math.max(0, rule.max - count)),
    'ratelimit-reset': String(resetSeconds),
  });
}

/** The 429 a call past its window's `max` gets, Retry-After set, whichever store counted it. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: Omit<RateLimitRule, 'key'>,
  resetSeconds: number,
): TooManyRequestsError {
  request.log.info({ rule: rule.name }, 'rate limited');
  void reply.header('retry-after', String(resetSeconds));
  return new TooManyRequestsError();
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
