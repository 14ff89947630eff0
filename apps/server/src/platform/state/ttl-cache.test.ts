import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('keeps at most maxEntries keys, dropping the oldest computed first', async () => {
    let loads = 0;
    const cache = createTtlCache<string>(60_000, () => 0, 2);
    const load = (value: string) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));
    expect(loads).toBe(3);
    // 'b' and 'c' are kept; 'a' was the oldest and is computed again (dropping 'b').
    expect(await cache.get('c', load('c2'))).toBe('c');
    expect(await cache.get('a', load('a2'))).toBe('a2');
    expect(await cache.get('b', load('b2'))).toBe('b2');
    expect(loads).toBe(5);
  });
});
