import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../testing/test-app.js';
import { createRecentSet } from './recent-set.js';

describe('createRecentSet', () => {
  it('claims a value once, remembers it between one and two ttl, then lets it in again', () => {
    const clock = createManualClock(0);
    const set = createRecentSet(clock, { ttlMs: 1_000, maxEntries: 100 });
    expect(set.claim('nonce-aaaaaaaaaaaaaaaa')).toBe(true);
    expect(set.claim('nonce-aaaaaaaaaaaaaaaa')).toBe(false);
    expect(set.claim('nonce-bbbbbbbbbbbbbbbb')).toBe(true);
    clock.advance(1_000);
    // A new generation: the old one is still asked.
    expect(set.claim('nonce-aaaaaaaaaaaaaaaa')).toBe(false);
    clock.advance(1_000);
    expect(set.claim('nonce-aaaaaaaaaaaaaaaa')).toBe(true);
  });

  it('tells apart many values, and forgets only the oldest of a flood past its bound', () => {
    const clock = createManualClock(0);
    const set = createRecentSet(clock, { ttlMs: 60_000, maxEntries: 20_000 });
    const values = Array.from(
      { length: 10_000 },
      (_, index) => `n${String(index).padStart(15, '0')}`,
    );
    for (const value of values) expect(set.claim(value)).toBe(true);
    for (const value of values) expect(set.claim(value)).toBe(false);
    // 20 000 more fill two generations: the first 10 000 are dropped, the last 10 000 kept.
    const flood = Array.from(
      { length: 20_000 },
      (_, index) => `f${String(index).padStart(15, '0')}`,
    );
    for (const value of flood) expect(set.claim(value)).toBe(true);
    expect(set.claim(values[0] ?? '')).toBe(true);
    expect(set.claim(flood[19_999] ?? '')).toBe(false);
  });
});
