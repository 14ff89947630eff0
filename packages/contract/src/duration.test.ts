import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, formatDuration } from './duration.js';

describe('formatDuration', () => {
  it.each([
    [2 * DAY_MS + 4 * HOUR_MS + 59 * MINUTE_MS, '2 d 4 h'],
    [3 * DAY_MS, '3 d'],
    [3 * DAY_MS + 20 * MINUTE_MS, '3 d'],
    [3 * HOUR_MS + 15 * MINUTE_MS + 59_999, '3 h 15 min'],
    [HOUR_MS, '1 h'],
    [12 * MINUTE_MS + 30_000, '12 min'],
    [MINUTE_MS, '1 min'],
    [59_999, 'menos de 1 min'],
    [0, 'menos de 1 min'],
  ])('writes %i ms as "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
