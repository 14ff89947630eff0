import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeAt,
  formatCompactBRL,
  formatDay,
  formatDayShort,
  formatMinutes,
  formatSignedPercent,
  formatReaisInput,
  formatSignedBRL,
  parseReais,
} from './format';

describe('money', () => {
  it('formats reais the Brazilian way, with a plain space after R$', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(1_000_000)).toBe('R$ 1.000.000,00');
    expect(formatBRL(9.9)).toBe('R$ 9,90');
    expect(formatReaisInput(25)).toBe('25,00');
  });

  it('signs balance changes', () => {
    expect(formatSignedBRL(10)).toBe('+R$ 10,00');
    expect(formatSignedBRL(-5.5)).toBe('-R$ 5,50');
  });

  it.each([
    ['10', 10],
    ['10,5', 10.5],
    ['10,50', 10.5],
    ['R$ 1.234,56', 1234.56],
    ['1.234', 1234],
    ['10.50', 10.5],
    ['5,', 5],
    ['5,001', 5.001],
  ])('reads %j as %j', (text, value) => {
    expect(parseReais(text)).toBe(value);
  });

  it.each(['', 'abc', '1,2,3', '-5', '1.23.4', '12.3456'])('rejects %j', (text) => {
    expect(parseReais(text)).toBeUndefined();
  });
});

describe('counts and dates', () => {
  it('writes counts with a thousands dot', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('writes dates day first in the local time zone', () => {
    const at = new Date(2026, 2, 5, 9, 7);
    expect(formatDate(at)).toBe('05/03/2026');
    expect(formatDateTime(at)).toBe('05/03/2026 09:07');
    expect(formatDateTimeAt(at.toISOString())).toBe('05/03/2026 às 09:07');
  });
});

describe('analytics figures', () => {
  it('writes changes, axis money, days and durations the Brazilian way', () => {
    expect(formatSignedPercent(0.085)).toBe('+8,5%');
    expect(formatSignedPercent(-0.12)).toBe('-12%');
    expect(formatSignedPercent(0)).toBe('0%');
    expect(formatCompactBRL(1200)).toBe('R$ 1,2 mil');
    expect(formatDayShort('2026-11-18')).toBe('18/11');
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
    expect(formatMinutes(750)).toBe('12 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(0)).toBe('0 min');
  });
});
