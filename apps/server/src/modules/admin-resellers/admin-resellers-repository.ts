import type { ResellerSortField, SortDir, UserStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { accountStartsWith } from '../../platform/db/search.js';

export interface ResellerRow {
  id: string;
  username: string;
  email: string | null;
  balance_cents: number;
  status: UserStatus;
}

/** Reseller accounts and their balance (the ledger is the balance module's). */
export function createAdminResellersRepository(db: Kysely<Database>, dialect: SqlDialect) {
  function matching(q: string | undefined) {
    const query = db.selectFrom('users').where('role', '=', 'reseller');
    return q ? query.where((eb) => eb.or(accountStartsWith(eb, q, dialect))) : query;
  }

  return {
    /**
     * Newest first, or by balance (`id` breaking ties: the (role, balance_cents, id) index of
     * 2026112803_sorted_lists); `q` matches the start of the username or of the e-mail.
     */
    async page(
      q: string | undefined,
      limit: number,
      offset: number,
      sort: { field: ResellerSortField; dir: SortDir } = { field: 'created_at', dir: 'desc' },
    ): Promise<{ rows: ResellerRow[]; total: number }> {
      const column = sort.field === 'balance' ? 'balance_cents' : 'created_at';
      return readPage(
        matching(q),
        (query) =>
          query
            .select(['id', 'username', 'email', 'balance_cents', 'status'])
            .orderBy(column, sort.dir)
            .orderBy('id', sort.dir),
        limit,
        offset,
      );
    },
  };
}

export type AdminResellersRepository = ReturnType<typeof createAdminResellersRepository>;
