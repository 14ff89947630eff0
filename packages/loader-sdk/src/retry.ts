import type { LoaderError } from './errors.js';
import { LoaderNetworkError, LoaderRefusedError } from './errors.js';

/**
 * HTTP statuses a load balancer or a dying node answers on its own. Such an answer that does not
 * verify is read as no answer at all (a network error): nothing in it is trusted or acted on.
 */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/**
 * Signed refusals that say "not now" rather than "no": the same request may succeed on another
 * node or a moment later. Every other signed refusal (a ban, an expiry, an HWID reset, an invalid
 * session, maintenance, the server set offline…) is the server's decision and final.
 */
export const TRANSIENT_REFUSALS: ReadonlySet<string> = new Set([
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'CONFLICT',
  // Every attempt sends a fresh nonce, so a repeat can only come from someone racing our request.
  'NONCE_REUSED',
]);

/** How failed calls are retried (docs/loader-protocol.md, "Client behaviour"). */
export interface RetryOptions {
  /** Ceiling of the first wait; it doubles after each further failure. Default 500 ms. */
  baseDelayMs?: number;
  /** Ceiling of any wait; the heartbeat loop also caps it at `heartbeatSeconds`. Default 30 s. */
  maxDelayMs?: number;
  /** Auth attempts in all, 1 for none; an auth carrying `totp` is never retried. Default 3. */
  authAttempts?: number;
  /** A number in [0, 1] per wait: the jitter. Default `Math.random`. */
  random?: () => number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = {
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  authAttempts: 3,
  random: Math.random,
};

/** A failure worth trying again: no usable answer, or a signed "not now". */
export function isTransient(error: unknown): error is LoaderError {
  if (error instanceof LoaderNetworkError) return true;
  return error instanceof LoaderRefusedError && TRANSIENT_REFUSALS.has(error.code);
}

/**
 * The wait before the next attempt after `failures` failures in a row: exponential backoff with
 * full jitter, uniformly in [0, min(cap, base × 2^(failures − 1))], so nodes that lost the same
 * peer do not all come back at once.
 */
export function backoffDelay(failures: number, policy: RetryPolicy, capMs = policy.maxDelayMs) {
  const ceiling = Math.min(capMs, policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - 1));
  const share = Math.min(1, Math.max(0, policy.random()));
  return Math.round(share * ceiling);
}

/**
 * The wait before retrying a heartbeat, or null when the session would be over by then: the next
 * attempt must leave `baseDelayMs` to land before `remainingMs` (the session's validity) runs out.
 * `notBeforeMs` (a rate limit's Retry-After) lengthens the wait, never past that point.
 */
export function heartbeatRetryDelay(
  failures: number,
  policy: RetryPolicy,
  intervalMs: number,
  remainingMs: number,
  notBeforeMs = 0,
): number | null {
  const latest = remainingMs - policy.baseDelayMs;
  if (latest <= 0) return null;
  return Math.min(Math.max(backoffDelay(failures, policy, intervalMs), notBeforeMs), latest);
}
