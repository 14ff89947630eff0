import { describe, expect, it } from 'vitest';
import { LICENSE_KEY_PATTERN, PLAN_DURATION_DAYS, RANKS, TIMING, rankFor } from './constants.js';

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

describe('rankFor', () => {
  it.each([
    [0, 'Bronze', 'Prata', 500, 0],
    [1250, 'Prata', 'Ouro', 250, 75],
    [1500, 'Ouro', 'Platina', 1500, 0],
    [9999, 'Diamante', 'Mestre', 1, 99],
  ])('places %i XP in %s, %s next', (xp, rank, next, remaining, progress) => {
    expect(rankFor(xp)).toEqual({
      rank,
      xp,
      next: { rank: next, xp: xp + remaining, remaining },
      progress,
    });
  });

  it('tops out at Mestre', () => {
    expect(rankFor(25_000)).toEqual({ rank: 'Mestre', xp: 25_000, next: null, progress: 100 });
  });
});
