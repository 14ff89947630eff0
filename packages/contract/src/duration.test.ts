import { describe, expect, it } from 'vitest';
import { formatDurationShort } from './duration.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatDurationShort', () => {
  it.each([
    [2 * DAY + 4 * HOUR + 59 * MIN, '2 d 4 h'],
    [2 * DAY, '2 d'],
    [2 * DAY + 30 * MIN, '2 d'],
    [3 * HOUR + 10 * MIN + 59_999, '3 h 10 min'],
    [3 * HOUR, '3 h'],
    [45 * MIN, '45 min'],
    [MIN, '1 min'],
    [1234 * DAY, '1.234 d'],
  ])('writes %i ms as %s (two largest units, rounded down)', (ms, text) => {
    expect(formatDurationShort(ms)).toBe(text);
  });

  it('says "menos de 1 min" for a few seconds and "0 min" for nothing (or a negative span)', () => {
    expect(formatDurationShort(30_000)).toBe('menos de 1 min');
    expect(formatDurationShort(0)).toBe('0 min');
    expect(formatDurationShort(-5 * MIN)).toBe('0 min');
  });
});
