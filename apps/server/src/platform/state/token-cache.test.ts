import { describe, expect, it } from 'vitest';
import { createTokenCache } from './token-cache.js';

describe('token cache', () => {
  it('answers what a token carried until it expires, then forgets it', () => {
    const cache = createTokenCache<string>(10);
    cache.remember('token-a', 'claims-a', 1_000);

    expect(cache.get('token-a', 999)).toBe('claims-a');
    expect(cache.get('token-a', 1_000)).toBeUndefined();
    // Forgotten for good, even for an earlier time.
    expect(cache.get('token-a', 500)).toBeUndefined();
  });

  it('only answers for the exact token string', () => {
    const cache = createTokenCache<string>(10);
    cache.remember('header.payload.signature', 'claims', 1_000);

    expect(cache.get('header.payload.signaturf', 0)).toBeUndefined();
    expect(cache.get('header.payload.signature ', 0)).toBeUndefined();
  });

  it('forgets the token verified longest ago once full', () => {
    const cache = createTokenCache<number>(2);
    cache.remember('first', 1, 1_000);
    cache.remember('second', 2, 1_000);
    cache.remember('second', 2, 1_000);
    expect(cache.get('first', 0)).toBe(1);

    cache.remember('third', 3, 1_000);

    expect(cache.get('first', 0)).toBeUndefined();
    expect(cache.get('second', 0)).toBe(2);
    expect(cache.get('third', 0)).toBe(3);
  });
});
