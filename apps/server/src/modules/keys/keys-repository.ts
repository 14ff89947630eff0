import type { KeySortField, KeyStatus, SortDir } from '@chaveiro/contract';
import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted } from '../../platform/state/count-cache.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { PageStart, SortKey } from '../../platform/db/page-anchors.js';
import { atOrPast, createPageAnchors } from '../../platform/db/page-anchors.js';
import { startsWith } from '../../platform/db/search.js';

/** A key without a deadline compares as expiring never. */
const NEVER = Number.MAX_SAFE_INTEGER;

/**
 * A key's status as shown (DESIGN.md): an unused or used key past its `expires_at` (redeem-by
 * date, or its subscription's running expiry once used) is `expired`.
 */
export function keyStatusAt(
  key: { status: KeyStatus; expires_at: number | null },
  now: number,
): KeyStatus {
  const lapsed = key.expires_at !== null && key.expires_at <= now;
  return lapsed && (key.status === 'active' || key.status === 'used') ? 'expired' : key.status;
}

export interface KeyFilters {
  /** Matches the start of the key or of the redeemer's username. */
  q?: string | undefined;
  status?: KeyStatus | undefined;
  productId?: string | undefined;
  /** Only the keys this user created (a reseller's own keys). */
  createdBy?: string | undefined;
}

export interface KeySort {
  field: KeySortField;
  dir: SortDir;
}

export interface KeyListRow {
  id: string;
  key: string;
  product_id: string;
  product_name: string;
  duration_days: number;
  status: KeyStatus;
  client: string | null;
  client_id: string | null;
  redeemed_at: number | null;
  redeem_by: number | null;
  expires_at: number | null;
  created_at: number;
}

export interface KeyInfoRow extends KeyListRow {
  created_by_name: string | null;
  redeemed_by: string | null;
  redeemed_by_name: string | null;
}

export interface NewKey {
  id: string;
  key: string;
  productId: string;
  durationDays: number;
  createdBy: string;
  createdAt: number;
  redeemBy: number | null;
  /** A reseller's purchase: the unit price paid and the retail price then, in cents. */
  priceCents?: number | null;
  retailPriceCents?: number | null;
}

/** Rows per INSERT of an import: well under SQLite's and PostgreSQL's bound-parameter limits. */
const IMPORT_BATCH = 400;

/** A key of a KeyAuth import, as its file described it. */
export interface ImportedKeyRow {
  id: string;
  key: string;
  productId: string;
  durationDays: number;
  status: KeyStatus;
  createdBy: string | null;
  redeemedBy: string | null;
  redeemedAt: number | null;
  createdAt: number;
}

/** Queries on `license_keys`. */
export function createKeysRepository(
  db: Kysely<Database>,
  dialect: SqlDialect,
  /** Totals of the key table's filters, cleared by every write below (and by cascades). */
  totals: CountCache,
  /** Where deep pages' anchors are found, off the event loop. */
  backgroundReads: Kysely<Database>,
) {
  // Cleared with the totals: every write that changes a count may move a row.
  const anchors = createPageAnchors(totals, ADMIN_LIMITS.listAnchorCacheMs);

  /**
   * The keys matching the filters at `now`, without joins (what the count needs). The status is
   * derived from the key row alone (keyStatusAt), in a form the (status, …, expires_at) indexes
   * serve: `expired` is the stored status or a lapsed unused or used key; `active` and `used`
   * are the stored status not lapsed.
   */
  function filtered(filters: KeyFilters, now: number, executor: Kysely<Database> = db) {
    let query = executor.selectFrom('license_keys as k');
    if (filters.createdBy) query = query.where('k.created_by', '=', filters.createdBy);
    const status = filters.status;
    if (status === 'expired') {
      query = query.where((eb) =>
        eb.or([
          eb('k.status', '=', 'expired'),
          eb.and([eb('k.status', 'in', ['active', 'used']), eb('k.expires_at', '<=', now)]),
        ]),
      );
    } else if (status === 'banned') {
      query = query.where('k.status', '=', status);
    } else if (status) {
      query = query
        .where('k.status', '=', status)
        .where(sql<number>`coalesce(k.expires_at, ${NEVER})`, '>', now);
    }
    if (filters.productId) query = query.where('k.product_id', '=', filters.productId);
    const q = filters.q;
    if (q) {
      query = query.where((eb) =>
        eb.or([
          startsWith(eb, eb.ref('k.key'), q.toUpperCase(), dialect),
          eb(
            'k.redeemed_by',
            'in',
            eb
              .selectFrom('users as c')
              .select('c.id')
              .where((inner) =>
                startsWith(inner, inner.ref('c.username_lower'), q.toLowerCase(), dialect),
              ),
          ),
        ]),
      );
    }
    return query;
  }

  /** Keys with their product's name and redeemer's username. */
  function named(keys: ReturnType<typeof filtered>) {
    return keys
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .leftJoin('users as u', 'u.id', 'k.redeemed_by');
  }
  const allKeys = () => db.selectFrom('license_keys as k');

  const listColumns = [
    'k.id',
    'k.key',
    'k.product_id',
    'p.name as product_name',
    'k.duration_days',
    'k.status',
    'u.username as client',
    'u.id as client_id',
    'k.redeemed_at',
    'k.redeem_by',
    'k.expires_at',
    'k.created_at',
  ] as const;

  /** How many keys match the filters at `now` (cached until a write; see CountCache). */
  function total(filters: KeyFilters, now: number): Promise<number> {
    return totals.get(
      JSON.stringify([filters.q, filters.status, filters.productId, filters.createdBy]),
      async () => {
        // Up to a million index entries: counted off the event loop.
        const count = await filtered(filters, now, backgroundReads)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return Number(count.total);
      },
      // Statuses derive from deadlines: a total holds for the time it was counted at.
      now,
    );
  }

  /**
   * The ids of one page in the sort's order, read from the filter's index alone: newest first
   * (or oldest), or by stored status then creation, both one index read either way
   * (2026112410_licences). With `id` as the last key the order is total. A deep page seeks to its
   * page anchor and skips from there (`anchorStart`).
   */
  async function pageIds(
    filters: KeyFilters,
    sort: KeySort,
    limit: number,
    offset: number,
    now: number,
  ): Promise<string[]> {
    if (sort.field === 'product') return productPageIds(filters, sort.dir, limit, offset, now);
    const start = await anchorStart(filters, sort, offset, now);
    if (!start) return [];
    const rows = await fromStart(filtered(filters, now).select('k.id'), sort, start)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The sort's columns, all read in its direction. */
  function sortColumns(sort: KeySort) {
    return sort.field === 'status'
      ? (['k.status', 'k.created_at', 'k.id'] as const)
      : (['k.created_at', 'k.id'] as const);
  }

  /** `query` in the sort's order from `start`: past its anchor, then its skip. */
  function fromStart<Q extends ReturnType<typeof filtered>>(
    query: Q,
    sort: KeySort,
    start: PageStart,
  ): Q {
    const columns = sortColumns(sort);
    let sorted = query;
    if (start.from) sorted = sorted.where(atOrPast(columns, sort.dir, start.from)) as Q;
    for (const column of columns) sorted = sorted.orderBy(column, sort.dir) as Q;
    return sorted.offset(start.skip) as Q;
  }

  /**
   * Where the page at `offset` starts: from its page anchor (platform/db/page-anchors.ts), found
   * on the reader, when the filters' rows change only by writes (which clear the anchors with
   * the totals); lists whose statuses derive from the clock, and searches, skip the offset.
   */
  function anchorStart(
    filters: KeyFilters,
    sort: KeySort,
    offset: number,
    now: number,
  ): Promise<PageStart | null> {
    const timeless = !filters.q && (filters.status === undefined || filters.status === 'banned');
    if (!timeless) return Promise.resolve({ from: undefined, skip: offset });
    const list = JSON.stringify([filters.status, filters.productId, filters.createdBy, sort]);
    return anchors.start(list, offset, async (start) => {
      const query = filtered(filters, now, backgroundReads).select([
        'k.status',
        'k.created_at',
        'k.id',
      ]);
      const row = await fromStart(query, sort, start).limit(1).executeTakeFirst();
      if (!row) return null;
      const key: SortKey =
        sort.field === 'status' ? [row.status, row.created_at, row.id] : [row.created_at, row.id];
      return key;
    });
  }

  /**
   * By product name (then newest first): the products, few, are walked in name order, each
   * product's count (cached like the totals) tells whether the page starts in it, and the page
   * is read from the (product_id, …, created_at, id) indexes of the products it spans. A deep
   * page costs a count per product before it, never a sort of the keys.
   */
  async function productPageIds(
    filters: KeyFilters,
    dir: SortDir,
    limit: number,
    offset: number,
    now: number,
  ): Promise<string[]> {
    const productIds = filters.productId
      ? [filters.productId]
      : (
          await db
            .selectFrom('products')
            .select('id')
            .orderBy('name', dir)
            .orderBy('id', dir)
            .execute()
        ).map((row) => row.id);
    const ids: string[] = [];
    let skip = offset;
    for (const productId of productIds) {
      if (ids.length >= limit) break;
      const ofProduct = { ...filters, productId };
      const count = await total(ofProduct, now);
      if (skip >= count) {
        skip -= count;
        continue;
      }
      const page = await pageIds(
        ofProduct,
        { field: 'created_at', dir: 'desc' },
        limit - ids.length,
        skip,
        now,
      );
      ids.push(...page);
      skip = 0;
    }
    return ids;
  }

  return {
    /**
     * One page in the sort's order and the total matching the filters. The page's ids are read
     * from the filter's index alone and only those rows are joined: joining first let SQLite
     * walk a product at a time and sort a million rows.
     */
    async page(
      filters: KeyFilters,
      limit: number,
      offset: number,
      now: number,
      sort: KeySort = { field: 'created_at', dir: 'desc' },
    ): Promise<{ rows: KeyListRow[]; total: number }> {
      const [ids, count] = await Promise.all([
        pageIds(filters, sort, limit, offset, now),
        total(filters, now),
      ]);
      // `id in (page ids)`, not a join on the page: with the limit a bound parameter, SQLite
      // costed the joined page as unbounded and walked the whole table.
      const rows = await this.byIds(ids);
      return { rows, total: count };
    },

    /** The given keys (those that exist) in the order of `ids`. */
    async byIds(ids: string[]): Promise<KeyListRow[]> {
      if (ids.length === 0) return [];
      const rows = await named(allKeys()).select(listColumns).where('k.id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The ids of the keys matching the filters at `now`, newest first, at most `limit` (a bulk
     * action's "all matching": the caller asks one more than it accepts).
     */
    async matchingIds(filters: KeyFilters, limit: number, now: number): Promise<string[]> {
      const rows = await filtered(filters, now)
        .select('k.id')
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    count: total,

    /**
     * Every matching key newest first, `batchSize` rows per query (keyset pagination, so memory
     * stays bounded however many rows are read), at most `maxRows` in all.
     */
    async *batches(
      filters: KeyFilters,
      batchSize: number,
      maxRows: number,
      now: number,
    ): AsyncGenerator<KeyListRow[]> {
      let after: { created_at: number; id: string } | undefined;
      let read = 0;
      while (read < maxRows) {
        let query = named(filtered(filters, now)).select(listColumns);
        if (after) {
          const { created_at: at, id } = after;
          query = query.where((eb) =>
            eb.or([
              eb('k.created_at', '<', at),
              eb.and([eb('k.created_at', '=', at), eb('k.id', '<', id)]),
            ]),
          );
        }
        const rows = await query
          .orderBy('k.created_at', 'desc')
          .orderBy('k.id', 'desc')
          .limit(Math.min(batchSize, maxRows - read))
          .execute();
        if (rows.length === 0) return;
        read += rows.length;
        yield rows;
        after = rows[rows.length - 1];
      }
    },

    /**
     * One page of the matching keys newest first, after the (created_at, id) position `after`
     * (keyset, never an offset: any depth costs one index seek). As `page`, the ids are read
     * from the filter's index alone, compared as a row value so SQLite and PostgreSQL seek to
     * the position instead of scanning to it, and only those rows are joined. The seller API's
     * key list; the caller asks one row more than it shows to know whether more follow.
     */
    async keysetPage(
      filters: KeyFilters & {
        /** Created strictly after / before these instants. */
        createdAfter?: number | undefined;
        createdBefore?: number | undefined;
        redeemed?: boolean | undefined;
      },
      after: { createdAt: number; id: string } | undefined,
      limit: number,
      now: number,
    ): Promise<KeyListRow[]> {
      let query = filtered(filters, now).select('k.id');
      if (filters.createdAfter !== undefined)
        query = query.where('k.created_at', '>', filters.createdAfter);
      if (filters.createdBefore !== undefined)
        query = query.where('k.created_at', '<', filters.createdBefore);
      if (filters.redeemed !== undefined) {
        query = query.where('k.redeemed_at', filters.redeemed ? 'is not' : 'is', null);
      }
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('k.created_at', 'k.id'), '<', eb.tuple(after.createdAt, after.id)),
        );
      }
      const rows = await query
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .limit(limit)
        .execute();
      return this.byIds(rows.map((row) => row.id));
    },

    findInfo(id: string): Promise<KeyInfoRow | undefined> {
      return named(allKeys())
        .leftJoin('users as creator', 'creator.id', 'k.created_by')
        .select(listColumns)
        .select([
          'creator.username as created_by_name',
          'k.redeemed_by',
          'u.username as redeemed_by_name',
        ])
        .where('k.id', '=', id)
        .executeTakeFirst();
    },

    /** The key by id or by its value, as a redemption names it. */
    find(ref: { id: string } | { key: string }, executor: Kysely<Database> = db) {
      const query = executor
        .selectFrom('license_keys')
        .select([
          'id',
          'key',
          'product_id',
          'duration_days',
          'status',
          'expires_at',
          'created_by',
          'banned_by',
        ]);
      return (
        'id' in ref ? query.where('id', '=', ref.id) : query.where('key', '=', ref.key)
      ).executeTakeFirst();
    },

    /** Inserts the keys, skipping any value already taken; returns the values inserted. */
    async insertNew(keys: NewKey[], executor: Kysely<Database> = db): Promise<Set<string>> {
      const rows = await executor
        .insertInto('license_keys')
        .values(
          keys.map((key) => ({
            id: key.id,
            key: key.key,
            product_id: key.productId,
            duration_days: key.durationDays,
            status: 'active' as const,
            created_by: key.createdBy,
            redeemed_by: null,
            redeemed_at: null,
            redeem_by: key.redeemBy,
            expires_at: key.redeemBy,
            price_cents: key.priceCents ?? null,
            retail_price_cents: key.retailPriceCents ?? null,
            created_at: key.createdAt,
          })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .execute();
      clearWhenCommitted(totals, executor);
      return new Set(rows.map((row) => row.key));
    },

    /**
     * Marks an unused key as redeemed by `userId`. Conditional on the key still being unused and
     * not past its redeem-by date, so of two concurrent redemptions exactly one succeeds. True
     * when this call redeemed it. Its expiry becomes its subscription's (a trigger sets it when
     * the redemption grants the time).
     */
    async markRedeemed(
      id: string,
      userId: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('license_keys')
        .set({ status: 'used', redeemed_by: userId, redeemed_at: now, expires_at: null })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where(sql<number>`coalesce(expires_at, ${NEVER})`, '>', now)
        .executeTakeFirst();
      clearWhenCommitted(totals, executor);
      return result.numUpdatedRows > 0n;
    },

    /**
     * Resets the duration of an unused (active or banned) key, past its redeem-by date or not
     * (the service decides which keys take it); false when it is used, stored expired or gone.
     */
    async setDuration(id: string, days: number, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .updateTable('license_keys')
        .set({ duration_days: days })
        .where('id', '=', id)
        .where('status', 'in', ['active', 'banned'])
        .executeTakeFirst();
      clearWhenCommitted(totals, executor);
      return result.numUpdatedRows > 0n;
    },

    /**
     * Bans an unused key as `by`. A key already banned stays banned by whoever banned it first,
     * so banning it again never makes its ban someone else's to lift. False when it is used,
     * stored expired or gone, or not in `from`.
     */
    async ban(
      id: string,
      by: string,
      executor: Kysely<Database> = db,
      /** The stored statuses it may change from (a bulk ban: `active` only, once per key). */
      from: ('active' | 'banned')[] = ['active', 'banned'],
    ): Promise<boolean> {
      const result = await executor
        .updateTable('license_keys')
        .set((eb) => ({
          status: 'banned',
          banned_by: eb
            .case()
            .when('status', '=', 'banned')
            .then(eb.ref('banned_by'))
            .else(by)
            .end(),
        }))
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      clearWhenCommitted(totals, executor);
      return result.numUpdatedRows > 0n;
    },

    /**
     * Lifts an unused key's ban (an active key stays active). `onlyBannedBy`: lifts only a ban
     * that account made, in the same statement (a ban made meanwhile by someone else holds).
     * False when it is used, stored expired or gone, or banned by another.
     */
    async unban(
      id: string,
      { onlyBannedBy }: { onlyBannedBy?: string } = {},
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      let update = executor
        .updateTable('license_keys')
        .set({ status: 'active', banned_by: null })
        .where('id', '=', id)
        .where('status', 'in', ['active', 'banned']);
      if (onlyBannedBy !== undefined) {
        update = update.where((eb) =>
          eb.or([eb('status', '=', 'active'), eb('banned_by', '=', onlyBannedBy)]),
        );
      }
      const result = await update.executeTakeFirst();
      clearWhenCommitted(totals, executor);
      return result.numUpdatedRows > 0n;
    },

    /** True when the key was there to delete. */
    async delete(id: string, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .deleteFrom('license_keys')
        .where('id', '=', id)
        .executeTakeFirst();
      clearWhenCommitted(totals, executor);
      return result.numDeletedRows > 0n;
    },

    /** A KeyAuth import's keys, in its transaction; answers the key values written. */
    async insertImported(
      executor: Kysely<Database>,
      keys: readonly ImportedKeyRow[],
    ): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (let start = 0; start < keys.length; start += IMPORT_BATCH) {
        const batch = keys.slice(start, start + IMPORT_BATCH);
        const rows = await executor
          .insertInto('license_keys')
          .values(
            batch.map((key) => ({
              id: key.id,
              key: key.key,
              product_id: key.productId,
              duration_days: key.durationDays,
              status: key.status,
              created_by: key.createdBy,
              redeemed_by: key.redeemedBy,
              redeemed_at: key.redeemedAt,
              created_at: key.createdAt,
            })),
          )
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .execute();
        for (const row of rows) inserted.add(row.key);
      }
      if (inserted.size > 0) clearWhenCommitted(totals, executor);
      return inserted;
    },
  };
}

export type KeysRepository = ReturnType<typeof createKeysRepository>;
