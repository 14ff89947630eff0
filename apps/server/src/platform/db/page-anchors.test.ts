import { describe, expect, it } from 'vitest';
import type { PageStart, SortKey } from './page-anchors.js';
import { ANCHOR_SPACING, createPageAnchors } from './page-anchors.js';

function invalidation() {
  const listeners: (() => void)[] = [];
  return {
    onClear: (listener: () => void) => listeners.push(listener),
    clear: () => listeners.forEach((listener) => listener()),
  };
}

describe('page anchors', () => {
  it('skips plainly within the first anchor, then seeks from the nearest anchor known', async () => {
    const anchors = createPageAnchors(invalidation(), 60_000);
    const asked: PageStart[] = [];
    const find = (start: PageStart) => {
      asked.push(start);
      return Promise.resolve<SortKey>([`row ${String(start.skip)}`]);
    };
    expect(await anchors.start('list', 999, find)).toEqual({ from: undefined, skip: 999 });
    expect(asked).toEqual([]);
    expect(await anchors.start('list', ANCHOR_SPACING + 5, find)).toEqual({
      from: ['row 1000'],
      skip: 5,
    });
    // The third anchor is found from the first, not from the list's start.
    expect(await anchors.start('list', 3 * ANCHOR_SPACING + 7, find)).toEqual({
      from: ['row 2000'],
      skip: 7,
    });
    expect(asked).toEqual([
      { from: undefined, skip: 1000 },
      { from: ['row 1000'], skip: 2000 },
    ]);
    // Known anchors are not searched again.
    await anchors.start('list', ANCHOR_SPACING + 50, find);
    expect(asked).toHaveLength(2);
  });

  it('answers null past the last row', async () => {
    const anchors = createPageAnchors(invalidation(), 60_000);
    expect(await anchors.start('list', 5 * ANCHOR_SPACING, () => Promise.resolve(null))).toBe(null);
  });

  it('forgets every anchor on a clear, and skips plainly when one clears a search under way', async () => {
    const rows = invalidation();
    const anchors = createPageAnchors(rows, 60_000);
    let calls = 0;
    const found = await anchors.start('list', ANCHOR_SPACING, () => {
      calls += 1;
      return Promise.resolve(['a']);
    });
    expect(found).toEqual({ from: ['a'], skip: 0 });
    rows.clear();
    let finish: (key: SortKey) => void = () => undefined;
    const pending = anchors.start(
      'list',
      ANCHOR_SPACING,
      () =>
        new Promise<SortKey>((resolve) => {
          calls += 1;
          finish = resolve;
        }),
    );
    rows.clear();
    finish(['stale']);
    expect(await pending).toEqual({ from: undefined, skip: ANCHOR_SPACING });
    expect(calls).toBe(2);
  });

  it('skips plainly when the search fails, and searches again next time', async () => {
    const anchors = createPageAnchors(invalidation(), 60_000);
    const failed = await anchors.start('list', ANCHOR_SPACING, () =>
      Promise.reject(new Error('reader gone')),
    );
    expect(failed).toEqual({ from: undefined, skip: ANCHOR_SPACING });
    expect(await anchors.start('list', ANCHOR_SPACING, () => Promise.resolve(['b']))).toEqual({
      from: ['b'],
      skip: 0,
    });
  });

  it('searches again once an anchor is older than its time to live', async () => {
    let now = 0;
    const anchors = createPageAnchors(invalidation(), 1_000, () => now);
    await anchors.start('list', ANCHOR_SPACING, () => Promise.resolve(['old']));
    now = 1_000;
    expect(await anchors.start('list', ANCHOR_SPACING, () => Promise.resolve(['new']))).toEqual({
      from: ['new'],
      skip: 0,
    });
  });
});
