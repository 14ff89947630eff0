import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.js';

describe('csvLine', () => {
  it('quotes fields holding the delimiter, a quote or a line break, and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'd"e', 'f\ng'])).toBe('a,"b,c","d""e","f\ng"\r\n');
    expect(csvLine(['a;b', 'c,d'], ';')).toBe('"a;b";c,d\r\n');
  });

  it('keeps formulas as text (CSV injection)', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)'], ';')).toBe(
      `"'=HYPERLINK(""x"")";'+1;'-1;'@SUM(A1)\r\n`,
    );
  });
});
