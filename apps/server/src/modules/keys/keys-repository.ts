import type { KeyStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countCacheFor } from '../../platform/count-cache.js';
import type { SqlDialect } from '../../platform/database.js';
import { startsWith } from '../../platform/search.js';

export interface KeyFilters {
  /** Matches the start of the key or of the redeemer's username. */
  q?: string | undefined;
  status?: KeyStatus | undefined;
  productId?: string | undefined;
  /** Only the keys this user created (a reseller's own keys). */
  createdBy?: string | undefined;
}

export interface KeyListRow {
  id: string;
  key: string;
  product_id: string;
  product_name: string;
  duration_days: number;
  status: KeyStatus;
  client: string | null;
  redeemed_at: number | null;
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
}

/** Queries on `license_keys`. */
export function createKeysRepository(db: Kysely<Database>, dialect: SqlDialect) {
  // Totals of the key table's filters, cleared by every write below.
  const totals = countCacheFor(db, 'license_keys');

  /** The keys matching the filters, without joins (what the count needs). */
  function filtered(filters: KeyFilters, executor: Kysely<Database> = db) {
    let query = executor.selectFrom('license_keys as k');
    if (filters.createdBy) query = query.where('k.created_by', '=', filters.createdBy);
    if (filters.status) query = query.where('k.status', '=', filters.status);
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

  /** The matching keys with their product's name and redeemer's username. */
  function listQuery(filters: KeyFilters, executor: Kysely<Database> = db) {
    return filtered(filters, executor)
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .leftJoin('users as u', 'u.id', 'k.redeemed_by');
  }

  const listColumns = [
    'k.id',
    'k.key',
    'k.product_id',
    'p.name as product_name',
    'k.duration_days',
    'k.status',
    'u.username as client',
    'k.redeemed_at',
    'k.created_at',
  ] as const;

  return {
    /**
     * One page, newest first, and the total matching the filters. The page's ids are read from
     * the filter's index alone and only those rows are joined: joining first let SQLite walk a
     * product at a time and sort a million rows.
     */
    async page(
      filters: KeyFilters,
      limit: number,
      offset: number,
    ): Promise<{ rows: KeyListRow[]; total: number }> {
      const pageIds = filtered(filters)
        .select('k.id')
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .limit(limit)
        .offset(offset);
      const [rows, total] = await Promise.all([
        // `id in (page)`, not a join on it: with the limit a bound parameter, SQLite costed the
        // joined page as unbounded and walked the whole table.
        listQuery({})
          .select(listColumns)
          .where('k.id', 'in', pageIds)
          .orderBy('k.created_at', 'desc')
          .orderBy('k.id', 'desc')
          .execute(),
        totals.get(
          JSON.stringify([filters.q, filters.status, filters.productId, filters.createdBy]),
          async () => {
            const count = await filtered(filters)
              .select((eb) => eb.fn.countAll<number>().as('total'))
              .executeTakeFirstOrThrow();
            return Number(count.total);
          },
        ),
      ]);
      return { rows, total };
    },

    /**
     * Every matching key newest first, `batchSize` rows per query (keyset pagination, so memory
     * stays bounded however many rows are read), at most `maxRows` in all.
     */
    async *batches(
      filters: KeyFilters,
      batchSize: number,
      maxRows: number,
    ): AsyncGenerator<KeyListRow[]> {
      let after: { created_at: number; id: string } | undefined;
      let read = 0;
      while (read < maxRows) {
        let query = listQuery(filters).select(listColumns);
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

    findInfo(id: string): Promise<KeyInfoRow | undefined> {
      return listQuery({})
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
        .select(['id', 'key', 'product_id', 'duration_days', 'status']);
      return (
        'id' in ref ? query.where('id', '=', ref.id) : query.where('key', '=', ref.key)
      ).executeTakeFirst();
    },

    /** Inserts the keys, skipping any value already taken; returns the values inserted. */
    async insertNew(keys: NewKey[], executor: Kysely<Database> = db): Promise<Set<string>> {
      totals.clear();
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
            created_at: key.createdAt,
          })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .execute();
      return new Set(rows.map((row) => row.key));
    },

    /**
     * Marks an unused key as redeemed by `userId`. Conditional on the key still being unused,
     * so of two concurrent redemptions exactly one succeeds. True when this call redeemed it.
     */
    async markRedeemed(
      id: string,
      userId: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      totals.clear();
      const result = await executor
        .updateTable('license_keys')
        .set({ status: 'used', redeemed_by: userId, redeemed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Changes an unused (active or banned) key; false when it is used, expired or gone. */
    async updateUnused(
      id: string,
      change: { duration_days: number } | { status: 'active' | 'banned' },
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      totals.clear();
      const result = await executor
        .updateTable('license_keys')
        .set(change)
        .where('id', '=', id)
        .where('status', 'in', ['active', 'banned'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: string, executor: Kysely<Database> = db): Promise<void> {
      totals.clear();
      await executor.deleteFrom('license_keys').where('id', '=', id).execute();
    },
  };
}

export type KeysRepository = ReturnType<typeof createKeysRepository>;
