import { describe, expect, it } from 'vitest';
import { addDays, dayIn, formatBusinessDateTime, startOfMonthIn } from './calendar.js';

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
