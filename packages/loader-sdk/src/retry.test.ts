import { describe, expect, it } from 'vitest';
import {
  LoaderError,
  LoaderNetworkError,
  LoaderRefusedError,
  LoaderStateError,
  LoaderVerificationError,
  REFUSAL_CODES,
} from './errors.js';
import { backoffDelay, DEFAULT_RETRY, heartbeatRetryDelay, isTransient } from './retry.js';

describe('isTransient', () => {
  it('retries no answer and the signed "not now" refusals, and nothing else the server signs', () => {
    expect(isTransient(new LoaderNetworkError('NETWORK_ERROR'))).toBe(true);
    expect(isTransient(new LoaderNetworkError('TIMEOUT'))).toBe(true);
    const transient = REFUSAL_CODES.filter((code) =>
      isTransient(new LoaderRefusedError(code, 'x', 400)),
    );
    expect(transient).toEqual(['NONCE_REUSED', 'CONFLICT', 'RATE_LIMITED', 'INTERNAL_ERROR']);
  });

  it('never retries an answer that failed verification, a usage error or a foreign error', () => {
    expect(isTransient(new LoaderVerificationError('BAD_SIGNATURE', 'forged'))).toBe(false);
    expect(isTransient(new LoaderVerificationError('STALE_ANSWER', 'clock'))).toBe(false);
    expect(isTransient(new LoaderStateError())).toBe(false);
    expect(isTransient(new LoaderError('NETWORK_ERROR', 'not a network error class'))).toBe(false);
    expect(isTransient(new TypeError('fetch failed'))).toBe(false);
  });
});

describe('backoffDelay', () => {
  const policy = (random: number) => ({ ...DEFAULT_RETRY, random: () => random });

  it('doubles the ceiling per failure up to the cap, and draws below it', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, policy(1)))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(3, policy(1), 1500)).toBe(1500);
    expect(backoffDelay(3, policy(0.25))).toBe(500);
    expect(backoffDelay(3, policy(0))).toBe(0);
    // A random source outside [0, 1] cannot push a wait past its ceiling or below zero.
    expect(backoffDelay(1, policy(7))).toBe(500);
    expect(backoffDelay(1, policy(-1))).toBe(0);
  });

  it('leaves the heartbeat retry time to land before the session expires, or gives up', () => {
    expect(heartbeatRetryDelay(4, policy(1), 30_000, 60_000)).toBe(4000);
    expect(heartbeatRetryDelay(4, policy(1), 30_000, 3000)).toBe(2500);
    expect(heartbeatRetryDelay(1, policy(1), 30_000, 60_000, 45_000)).toBe(45_000);
    expect(heartbeatRetryDelay(1, policy(1), 30_000, 20_000, 45_000)).toBe(19_500);
    expect(heartbeatRetryDelay(1, policy(1), 30_000, 500)).toBeNull();
    expect(heartbeatRetryDelay(1, policy(1), 30_000, -1)).toBeNull();
  });
});
