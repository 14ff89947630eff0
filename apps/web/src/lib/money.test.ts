import { describe, expect, it } from 'vitest';
import { formatBRL, formatReaisInput, parseReais } from './money';

describe('money', () => {
  it('formats reais the Brazilian way', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatReaisInput(25)).toBe('25,00');
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
