import { describe, expect, it } from 'vitest';
import { lastDays, worstStatusByDay } from './status-days.js';

const HOUR = 60 * 60_000;

describe('lastDays', () => {
  it("spans each day from the zone's midnight to the next, a clock change included", () => {
    // New York left daylight saving on 2025-11-02: that day lasted 25 hours.
    const days = lastDays('America/New_York', Date.parse('2025-11-03T15:00:00Z'), 3);
    expect(days.map((day) => day.date)).toEqual(['2025-11-01', '2025-11-02', '2025-11-03']);
    expect(days.map((day) => (day.end - day.start) / HOUR)).toEqual([24, 25, 24]);
    expect(days[0]?.start).toBe(Date.parse('2025-11-01T04:00:00Z'));
    expect(days[1]?.start).toBe(days[0]?.end);
    expect(days[2]?.end).toBe(Date.parse('2025-11-04T05:00:00Z'));
  });
});

describe('worstStatusByDay', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');
  const days = lastDays('America/Sao_Paulo', now, 3);

  it('counts an open stretch until now and leaves out the days before `since`', () => {
    const since = Date.parse('2026-01-14T10:00:00Z');
    expect(
      worstStatusByDay(days, [{ status: 'updating', start: now - HOUR, end: null }], since, now),
    ).toEqual([
      { date: '2026-01-14', status: 'operational' },
      { date: '2026-01-15', status: 'updating' },
    ]);
  });

  it('gives a stretch that ends where a day starts to the day before only', () => {
    const midnight = days[2]?.start ?? 0;
    const stretch = { status: 'unavailable' as const, start: midnight - HOUR, end: midnight };
    expect(worstStatusByDay(days, [stretch], 0, now).map((day) => day.status)).toEqual([
      'operational',
      'unavailable',
      'operational',
    ]);
  });
});
