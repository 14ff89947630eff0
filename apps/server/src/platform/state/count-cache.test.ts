import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

describe('count cache', () => {
  it('counts once per ttl and filter, again after clear() or the ttl', async () => {
    let now = 1_000;
    let counted = 0;
    const cache = createCountCache(1_000, () => now);
    const count = () => Promise.resolve(++counted);

    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    now += 999;
    expect(await cache.get('a', count)).toBe(1);
    now += 1;
    expect(await cache.get('a', count)).toBe(3);
    cache.clear();
    expect(await cache.get('a', count)).toBe(4);
  });

  it('measures the ttl on the time a caller counts at, when it passes one', async () => {
    let counted = 0;
    const cache = createCountCache(1_000, () => 0);
    const count = () => Promise.resolve(++counted);

    expect(await cache.get('a', count, 5_000)).toBe(1);
    expect(await cache.get('a', count, 5_999)).toBe(1);
    // The domain clock jumped (a day later in a test, or the status deadline passed).
    expect(await cache.get('a', count, 86_400_000)).toBe(2);
  });

  it('does not keep a failed count', async () => {
    const cache = createCountCache(1_000, () => 0);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', () => Promise.resolve(7))).toBe(7);
  });
});
