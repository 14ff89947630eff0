import type { SortDir } from '@chaveiro/contract';
import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';

/** A row's sort key: the values of its list's sort columns, in order. */
export type SortKey = readonly unknown[];

/** Where a page starts: `skip` rows past the row whose sort key is `from` (none: the first row). */
export interface PageStart {
  from: SortKey | undefined;
  skip: number;
}

/** Rows between two anchors: a deep page skips at most this many index entries. */
export const ANCHOR_SPACING = 1_000;

interface Anchor {
  at: number;
  key: Promise<SortKey | null>;
  /** Once known: the sort key, or null when the list has no row at the anchor's position. */
  known?: SortKey | null;
}

/**
 * Page anchors: the sort key of every `ANCHOR_SPACING`th row of a sorted, filtered list, so a
 * page at any offset seeks to the anchor before it (an index seek) and skips fewer than
 * `ANCHOR_SPACING` rows, instead of skipping the whole offset. An anchor is found when a page
 * first needs it, by `find` (a seek from the nearest anchor already known, meant for
 * `backgroundReads`: off the event loop), and kept until the rows change: `invalidation` is the
 * list's count cache, which its table's one writer clears on every write (`clearWhenCommitted`),
 * so anchors never outlive a write; another node's write is announced (and a reconnect drops
 * them all), and `ttlMs` bounds an announcement lost otherwise.
 */
export function createPageAnchors(
  invalidation: { onClear(listener: () => void): void },
  ttlMs: number,
  now: () => number = Date.now,
) {
  let lists = new Map<string, Map<number, Anchor>>();
  let generation = 0;
  invalidation.onClear(() => {
    lists = new Map();
    generation += 1;
  });

  return {
    /**
     * Where the page at `offset` of the list `list` (its filters and sort, as a cache key)
     * starts, or null when no row is at that offset. `find(start)` answers the sort key of the
     * row at `start`, or null when there is none. A write while it runs (or its failure) makes
     * the answer the plain offset, never an anchor older than the rows.
     */
    async start(
      list: string,
      offset: number,
      find: (start: PageStart) => Promise<SortKey | null>,
    ): Promise<PageStart | null> {
      const position = offset - (offset % ANCHOR_SPACING);
      if (position === 0) return { from: undefined, skip: offset };
      const began = generation;
      const anchors = lists.get(list) ?? new Map<number, Anchor>();
      lists.set(list, anchors);
      const at = now();
      let anchor = anchors.get(position);
      if (!anchor || at < anchor.at || at - anchor.at >= ttlMs) {
        anchor = { at, key: find(nearestBefore(anchors, position, at)) };
        const found = anchor;
        anchors.set(position, found);
        found.key.then(
          (key) => (found.known = key),
          () => {
            if (anchors.get(position) === found) anchors.delete(position);
          },
        );
      }
      // A failed search (the reader gone) costs the page its skip, not its answer.
      const key = await anchor.key.catch(() => undefined);
      if (key === undefined || generation !== began) return { from: undefined, skip: offset };
      return key === null ? null : { from: key, skip: offset - position };
    },
  };

  /** The known anchor nearest before `position`, as the start `position` is found from. */
  function nearestBefore(anchors: Map<number, Anchor>, position: number, at: number): PageStart {
    let best: PageStart = { from: undefined, skip: position };
    for (const [other, anchor] of anchors) {
      const fresh = at >= anchor.at && at - anchor.at < ttlMs;
      if (other < position && fresh && anchor.known && position - other < best.skip) {
        best = { from: anchor.known, skip: position - other };
      }
    }
    return best;
  }
}

export type PageAnchors = ReturnType<typeof createPageAnchors>;

/**
 * The rows at or past the sort key `from` in a list ordered by `columns`, all in direction
 * `dir`: one row-value comparison, which SQLite and PostgreSQL answer with an index seek.
 */
export function atOrPast(
  columns: readonly string[],
  dir: SortDir,
  from: SortKey,
): RawBuilder<boolean> {
  const operator = sql.raw(dir === 'desc' ? '<=' : '>=');
  return sql<boolean>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${operator} (${sql.join([...from])})`;
}
