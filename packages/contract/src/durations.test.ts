import { describe, expect, it } from 'vitest';
import { formatDurationShort } from './durations.js';

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;

describe('formatDurationShort', () => {
  it('keeps the two largest units', () => {
    expect(formatDurationShort(2 * D + 4 * H + 59 * MIN)).toBe('2 d 4 h');
    expect(formatDurationShort(3 * H + 10 * MIN + 30_000)).toBe('3 h 10 min');
    expect(formatDurationShort(45 * MIN)).toBe('45 min');
    expect(formatDurationShort(D)).toBe('1 d');
    expect(formatDurationShort(D + 30 * MIN)).toBe('1 d');
    expect(formatDurationShort(1500 * D)).toBe('1.500 d');
  });

  it('says so below a minute and at zero', () => {
    expect(formatDurationShort(59_999)).toBe('menos de 1 min');
    expect(formatDurationShort(0)).toBe('0 min');
    expect(formatDurationShort(-5)).toBe('0 min');
  });
});
