import { ADMIN_LIMITS } from '@chaveiro/contract';
import type {
  Role,
  SortDir,
  UserRoleFilter,
  UserSortField,
  UserStatus,
  UserStatusFilter,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { PageStart } from '../../platform/db/page-anchors.js';
import { atOrPast, createPageAnchors } from '../../platform/db/page-anchors.js';
import { accountStartsWith, startsWith } from '../../platform/db/search.js';
import type { CountCache } from '../../platform/state/count-cache.js';

export interface DirectoryRow {
  id: string;
  username: string;
  email: string | null;
  created_at: number;
  status: UserStatus;
  role: Role;
  balance_cents: number;
}

/** The user table's filters: search, role and status (`all`: no filter). */
export interface DirectoryFilters {
  q?: string | undefined;
  role: UserRoleFilter;
  status: UserStatusFilter;
}

export interface DirectorySort {
  field: UserSortField;
  dir: SortDir;
}

/**
 * The columns each sort orders by, all in its direction, `id` breaking ties (username:
 * case-insensitively; status: then newest or oldest).
 */
const SORT_COLUMNS = {
  created_at: ['created_at', 'id'],
  username: ['username_lower', 'id'],
  balance: ['balance_cents', 'id'],
  status: ['status', 'created_at', 'id'],
} as const;

const directoryColumns = [
  'id',
  'username',
  'email',
  'created_at',
  'status',
  'role',
  'balance_cents',
] as const;

/** What the user table shows beside each user: product names and bound HWIDs. */
export interface UserHoldings {
  products: string[];
  hwids: string[];
}

/** The admin user table's reads: search, page, and the page's holdings in one more query. */
export function createUserDirectoryRepository(
  db: Kysely<Database>,
  dialect: SqlDialect,
  /** Totals per filter (Platform.userTotals), cleared by the users module on every change. */
  totals: CountCache,
  /** Where deep pages' anchors are found, off the event loop. */
  backgroundReads: Kysely<Database>,
) {
  // Cleared with the totals: every write that changes a count or a sort key clears them.
  const anchors = createPageAnchors(totals, ADMIN_LIMITS.listAnchorCacheMs);

  function matching(filters: DirectoryFilters, executor: Kysely<Database> = db) {
    let query = executor.selectFrom('users');
    const q = filters.q;
    if (q) query = query.where((eb) => eb.or(accountStartsWith(eb, q, dialect)));
    if (filters.role !== 'all') query = query.where('role', '=', filters.role);
    if (filters.status !== 'all') query = query.where('status', '=', filters.status);
    return query;
  }

  /**
   * The sort's order with `id` breaking ties, all one direction, so one index of
   * 2026112803_sorted_lists serves it read forwards or backwards (status: then newest or oldest).
   */
  function ordered<Q extends SelectQueryBuilder<Database, 'users', object>>(
    query: Q,
    { field, dir }: DirectorySort,
  ): Q {
    let sorted = query;
    for (const column of SORT_COLUMNS[field]) sorted = sorted.orderBy(column, dir) as Q;
    return sorted;
  }

  /** The ids of the page starting at `start`, in the sort's order (a subquery). */
  function pageIds(
    filters: DirectoryFilters,
    sort: DirectorySort,
    start: PageStart,
    limit: number,
  ) {
    let query = matching(filters).select('id');
    if (start.from) query = query.where(atOrPast(SORT_COLUMNS[sort.field], sort.dir, start.from));
    return ordered(query, sort).limit(limit).offset(start.skip);
  }

  /**
   * Where the page at `offset` starts: from its page anchor (platform/db/page-anchors.ts),
   * found on the reader with the same filters and sort.
   */
  function pageStart(
    filters: DirectoryFilters,
    sort: DirectorySort,
    offset: number,
  ): Promise<PageStart | null> {
    return anchors.start(JSON.stringify([filters, sort]), offset, async (start) => {
      let query = matching(filters, backgroundReads).select([
        'created_at',
        'username_lower',
        'balance_cents',
        'status',
        'id',
      ]);
      if (start.from) query = query.where(atOrPast(SORT_COLUMNS[sort.field], sort.dir, start.from));
      const row = await ordered(query, sort).limit(1).offset(start.skip).executeTakeFirst();
      return row ? SORT_COLUMNS[sort.field].map((column) => row[column]) : null;
    });
  }

  return {
    /**
     * One page in the sort's order and the total matching the filters. The page's ids are read
     * from the sort's index alone (it carries role and status, so the OFFSET skips index entries
     * only) and only those rows are read: `id in (page)`, as the key list does.
     */
    async page(
      filters: DirectoryFilters,
      sort: DirectorySort,
      limit: number,
      offset: number,
    ): Promise<{ rows: DirectoryRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        this.rows(filters, sort, limit, offset),
        this.count(filters),
      ]);
      return { rows, total };
    },

    /**
     * The rows of one page (see `page`), without the total. A deep page seeks to its page anchor
     * and skips fewer than ANCHOR_SPACING index entries from there.
     */
    async rows(
      filters: DirectoryFilters,
      sort: DirectorySort,
      limit: number,
      offset: number,
    ): Promise<DirectoryRow[]> {
      const start = await pageStart(filters, sort, offset);
      if (!start) return [];
      return ordered(
        db
          .selectFrom('users')
          .select(directoryColumns)
          .where('id', 'in', pageIds(filters, sort, start, limit)),
        sort,
      ).execute();
    },

    /**
     * The ids of the users matching the filters, at most `limit` of them (a bulk action's "all
     * matching": the caller asks for one more than it accepts to tell an oversized selection).
     */
    async matchingIds(
      filters: DirectoryFilters,
      limit: number,
      executor: Kysely<Database> = db,
    ): Promise<string[]> {
      const rows = await ordered(matching(filters, executor).select('id'), {
        field: 'created_at',
        dir: 'desc',
      })
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** How many users match the filters (cached until a write; see CountCache). */
    count(filters: DirectoryFilters): Promise<number> {
      return totals.get(JSON.stringify([filters.q, filters.role, filters.status]), async () => {
        // Up to every account: counted off the event loop.
        const row = await matching(filters, backgroundReads)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return Number(row.total);
      });
    },

    /** The given users (those that exist), in the sort's order. */
    byIds(ids: string[], sort: DirectorySort): Promise<DirectoryRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return ordered(
        db.selectFrom('users').select(directoryColumns).where('id', 'in', ids),
        sort,
      ).execute();
    },

    /** Product names and HWIDs of the given users, one UNION ALL query for a whole page. */
    async holdings(userIds: string[]): Promise<Map<string, UserHoldings>> {
      const byUser = new Map<string, UserHoldings>(
        userIds.map((id) => [id, { products: [], hwids: [] }]),
      );
      if (userIds.length === 0) return byUser;
      const rows = await db
        .selectFrom('subscriptions as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select(['s.user_id', sql<string>`'product'`.as('kind'), 'p.name as value'])
        .where('s.user_id', 'in', userIds)
        .unionAll(
          db
            .selectFrom('machines as m')
            .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
            .select(['s.user_id', sql<string>`'hwid'`.as('kind'), 'm.hwid as value'])
            .where('s.user_id', 'in', userIds),
        )
        .execute();
      for (const row of rows) {
        const holdings = byUser.get(row.user_id);
        const list = row.kind === 'product' ? holdings?.products : holdings?.hwids;
        if (list && !list.includes(row.value)) list.push(row.value);
      }
      for (const holdings of byUser.values()) {
        holdings.products.sort((a, b) => a.localeCompare(b, 'pt-BR'));
        holdings.hwids.sort();
      }
      return byUser;
    },

    /** Client users for a select, alphabetical; `q` matches the start of the username. */
    clients(q: string | undefined, limit: number): Promise<{ id: string; username: string }[]> {
      let query = db.selectFrom('users').select(['id', 'username']).where('role', '=', 'client');
      if (q) {
        const key = q.toLowerCase();
        query = query.where((eb) => startsWith(eb, eb.ref('username_lower'), key, dialect));
      }
      return query.orderBy('username_lower').limit(limit).execute();
    },
  };
}

export type UserDirectoryRepository = ReturnType<typeof createUserDirectoryRepository>;
