import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatDuration', () => {
  it.each([
    [2 * DAY + 4 * HOUR, '2 d 4 h'],
    [2 * DAY + 4 * HOUR + 59 * MINUTE + 59_999, '2 d 4 h'],
    [2 * DAY, '2 d'],
    [2 * DAY + 30 * MINUTE, '2 d'],
    [3 * HOUR + 15 * MINUTE, '3 h 15 min'],
    [3 * HOUR, '3 h'],
    [45 * MINUTE + 30_000, '45 min'],
    [1_234 * DAY, '1.234 d'],
    [59_999, 'menos de 1 min'],
    [0, '0 min'],
    [-5, '0 min'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
