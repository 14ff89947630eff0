import { KEY_ALPHABET, LICENSE_KEY_PATTERN } from '@chaveiro/contract';
import { describe, expect, it } from 'vitest';
import { randomKeyCharacters } from '../../platform/core/random-characters.js';
import { generateLicenseKey } from './key-generator.js';

describe('generateLicenseKey', () => {
  it('issues 18 uppercase alphanumerics without look-alike characters', () => {
    const keys = Array.from({ length: 2_000 }, generateLicenseKey);
    for (const key of keys) {
      expect(key).toMatch(LICENSE_KEY_PATTERN);
      expect(key).not.toMatch(/[0O1IL2Z5S8BDQUV]/);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses every character of the alphabet about equally often', () => {
    const sample = randomKeyCharacters(KEY_ALPHABET.length * 2_000);
    const counts = new Map<string, number>();
    for (const char of sample) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...KEY_ALPHABET].sort().join(''));
    for (const count of counts.values()) {
      // 2 000 expected per character; ±15 % is > 6 standard deviations.
      expect(count).toBeGreaterThan(1_700);
      expect(count).toBeLessThan(2_300);
    }
  });
});
