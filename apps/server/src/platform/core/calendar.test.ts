import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  formatBusinessDateTime,
  startOfDayIn,
  startOfMonthIn,
  utcOffsetIn,
  utcOffsetSegments,
} from './calendar.js';

describe('startOfMonthIn', () => {
  it('starts São Paulo months at 00:00 there (03:00 UTC)', () => {
    expect(startOfMonthIn('America/Sao_Paulo', Date.UTC(2026, 0, 15, 12))).toBe(
      Date.UTC(2026, 0, 1, 3),
    );
    // 02:59 UTC on the 1st is still the last evening of December in São Paulo.
    expect(startOfMonthIn('America/Sao_Paulo', Date.UTC(2026, 0, 1, 2, 59))).toBe(
      Date.UTC(2025, 11, 1, 3),
    );
    expect(startOfMonthIn('America/Sao_Paulo', Date.UTC(2026, 0, 1, 3))).toBe(
      Date.UTC(2026, 0, 1, 3),
    );
  });

  it('follows a zone whose offset changes within the month (daylight saving)', () => {
    // New York is on EST (UTC-5) on 1 March and on EDT (UTC-4) from 8 March 2026.
    expect(startOfMonthIn('America/New_York', Date.UTC(2026, 2, 20))).toBe(Date.UTC(2026, 2, 1, 5));
    expect(startOfMonthIn('America/New_York', Date.UTC(2026, 3, 10))).toBe(Date.UTC(2026, 3, 1, 4));
  });
});

describe('formatBusinessDateTime', () => {
  it('writes São Paulo wall time as dd/MM/yyyy HH:mm', () => {
    expect(formatBusinessDateTime(Date.UTC(2026, 0, 5, 2, 7))).toBe('04/01/2026 23:07');
  });
});

describe('dayIn and addDays', () => {
  it('names the São Paulo day, which starts at 03:00 UTC', () => {
    expect(dayIn('America/Sao_Paulo', Date.UTC(2026, 0, 1, 2, 59))).toBe('2025-12-31');
    expect(dayIn('America/Sao_Paulo', Date.UTC(2026, 0, 1, 3))).toBe('2026-01-01');
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-15', -89)).toBe('2025-10-18');
  });
});

describe('dayIn', () => {
  it('names the São Paulo day: before 03:00 UTC it is still the day before', () => {
    expect(dayIn('America/Sao_Paulo', Date.UTC(2026, 0, 1, 2, 59, 59, 999))).toBe('2025-12-31');
    expect(dayIn('America/Sao_Paulo', Date.UTC(2026, 0, 1, 3))).toBe('2026-01-01');
    expect(dayIn('America/Sao_Paulo', Date.UTC(2026, 10, 25, 23, 30))).toBe('2026-11-25');
  });

  it('follows daylight saving (New York, 8 March 2026)', () => {
    expect(dayIn('America/New_York', Date.UTC(2026, 2, 8, 4, 30))).toBe('2026-03-07');
    expect(dayIn('America/New_York', Date.UTC(2026, 2, 9, 3, 59))).toBe('2026-03-08');
    expect(dayIn('America/New_York', Date.UTC(2026, 2, 9, 4))).toBe('2026-03-09');
  });
});

describe('startOfDayIn', () => {
  it('starts a São Paulo day at 03:00 UTC, and dayIn names it back', () => {
    const start = startOfDayIn('America/Sao_Paulo', '2026-11-25');
    expect(start).toBe(Date.UTC(2026, 10, 25, 3));
    expect(dayIn('America/Sao_Paulo', start)).toBe('2026-11-25');
    expect(dayIn('America/Sao_Paulo', start - 1)).toBe('2026-11-24');
  });

  it('follows daylight saving', () => {
    expect(startOfDayIn('America/New_York', '2026-03-08')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(startOfDayIn('America/New_York', '2026-03-09')).toBe(Date.UTC(2026, 2, 9, 4));
  });
});

describe('utcOffsetIn', () => {
  it('is -3 h in São Paulo (no daylight saving since 2019) and was -2 h in its 2018 summer', () => {
    expect(utcOffsetIn('America/Sao_Paulo', Date.UTC(2026, 0, 15))).toBe(-3 * 3_600_000);
    expect(utcOffsetIn('America/Sao_Paulo', Date.UTC(2018, 11, 15))).toBe(-2 * 3_600_000);
  });
});

describe('utcOffsetSegments', () => {
  it('is one segment for São Paulo since 2019', () => {
    expect(
      utcOffsetSegments('America/Sao_Paulo', Date.UTC(2025, 0, 1), Date.UTC(2026, 10, 25)),
    ).toEqual([{ offsetMs: -3 * 3_600_000, until: null }]);
  });

  it('finds the exact instants daylight saving started and ended', () => {
    // São Paulo's last summer time: 4 Nov 2018 00:00 (-3 → -2) to 17 Feb 2019 00:00 (-2 → -3).
    const segments = utcOffsetSegments(
      'America/Sao_Paulo',
      Date.UTC(2018, 9, 1),
      Date.UTC(2019, 5, 1),
    );
    expect(segments).toEqual([
      { offsetMs: -3 * 3_600_000, until: Date.UTC(2018, 10, 4, 3) },
      { offsetMs: -2 * 3_600_000, until: Date.UTC(2019, 1, 17, 2) },
      { offsetMs: -3 * 3_600_000, until: null },
    ]);
    // The local day at each boundary, by the arithmetic the backfill's SQL does.
    const local = (at: number, offset: number) => new Date(at + offset).toISOString().slice(0, 10);
    for (const [at, offset] of [
      [Date.UTC(2018, 10, 4, 3) - 1, -3 * 3_600_000],
      [Date.UTC(2018, 10, 4, 3), -2 * 3_600_000],
      [Date.UTC(2019, 1, 17, 2) - 1, -2 * 3_600_000],
      [Date.UTC(2019, 1, 17, 2), -3 * 3_600_000],
    ] as const) {
      expect(local(at, offset)).toBe(dayIn('America/Sao_Paulo', at));
    }
  });
});
