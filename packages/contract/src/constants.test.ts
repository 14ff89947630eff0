import { describe, expect, it } from 'vitest';
import { LICENSE_KEY_PATTERN, PLAN_DURATION_DAYS, RANKS, TIMING } from './constants.js';

describe('business constants', () => {
  it('matches the spec key format: 18 uppercase alphanumerics', () => {
    expect(LICENSE_KEY_PATTERN.test('ABCDEF123456789XYZ')).toBe(true);
    expect(LICENSE_KEY_PATTERN.test('abcdef123456789xyz')).toBe(false);
    expect(LICENSE_KEY_PATTERN.test('ABCDEF123456789XY')).toBe(false);
  });

  it('keeps ranks ordered by XP threshold', () => {
    const thresholds = RANKS.map((rank) => rank.xp);
    expect(thresholds).toEqual([0, 500, 1500, 3000, 5000, 10000]);
  });

  it('maps plan durations to days and the spec timings', () => {
    expect(PLAN_DURATION_DAYS).toEqual({ daily: 1, weekly: 7, 'bi-weekly': 14, monthly: 30 });
    expect(TIMING.inactivityTimeoutMs).toBe(420_000);
  });
});
