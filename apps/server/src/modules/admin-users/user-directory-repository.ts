import type { Role, UserStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/paging.js';
import type { SqlDialect } from '../../platform/database.js';
import { accountStartsWith, startsWith } from '../../platform/search.js';

export interface DirectoryRow {
  id: string;
  username: string;
  email: string;
  created_at: number;
  status: UserStatus;
  role: Role;
}

/** What the user table shows beside each user: product names and bound HWIDs. */
export interface UserHoldings {
  products: string[];
  hwids: string[];
}

/** The admin user table's reads: search, page, and the page's holdings in one more query. */
export function createUserDirectoryRepository(db: Kysely<Database>, dialect: SqlDialect) {
  function matching(q: string | undefined) {
    const query = db.selectFrom('users');
    return q ? query.where((eb) => eb.or(accountStartsWith(eb, q, dialect))) : query;
  }

  return {
    /** Newest first; `q` matches the start of the username or of the e-mail. */
    async page(
      q: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: DirectoryRow[]; total: number }> {
      return readPage(
        matching(q),
        (query) =>
          query
            .select(['id', 'username', 'email', 'created_at', 'status', 'role'])
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc'),
        limit,
        offset,
      );
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
