import { describe, expect, it } from 'vitest';
import { formatBRL, formatSignedBRL } from './money';

describe('reseller money format', () => {
  it('writes reais as R$ with a thousands dot and two decimals', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(1_000_000)).toBe('R$ 1.000.000,00');
    expect(formatBRL(9.9)).toBe('R$ 9,90');
  });

  it('signs balance changes', () => {
    expect(formatSignedBRL(10)).toBe('+R$ 10,00');
    expect(formatSignedBRL(-5.5)).toBe('-R$ 5,50');
  });
});
