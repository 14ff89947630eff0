import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Values per `in (…)` lookup. */
const LOOKUP_BATCH = 1_000;

export interface AccountByName {
  id: string;
  username: string;
  username_lower: string;
  password_hash: string;
  created_at: number;
}

/**
 * The KeyAuth import's reads. Its writes go through the modules that own each table (users,
 * subscriptions and machines, keys): every insert is `on conflict do nothing` and answers what
 * it actually wrote, so a re-run, or a second import of the same files at the same time, adds
 * nothing twice; the unique indexes decide, not a read before the write.
 */
export function createKeyAuthImportRepository() {
  return {
    async accountsByName(
      executor: Kysely<Database>,
      lowerNames: readonly string[],
    ): Promise<AccountByName[]> {
      const found: AccountByName[] = [];
      for (const names of chunks(lowerNames, LOOKUP_BATCH)) {
        const rows = await executor
          .selectFrom('users')
          .select(['id', 'username', 'username_lower', 'password_hash', 'created_at'])
          .where('username_lower', 'in', names)
          .execute();
        for (const row of rows) found.push({ ...row, created_at: Number(row.created_at) });
      }
      return found;
    },

    async keysByValue(
      executor: Kysely<Database>,
      keys: readonly string[],
    ): Promise<Map<string, { productId: string }>> {
      const found = new Map<string, { productId: string }>();
      for (const values of chunks(keys, LOOKUP_BATCH)) {
        const rows = await executor
          .selectFrom('license_keys')
          .select(['key', 'product_id'])
          .where('key', 'in', values)
          .execute();
        for (const row of rows) found.set(row.key, { productId: row.product_id });
      }
      return found;
    },
  };
}

export type KeyAuthImportRepository = ReturnType<typeof createKeyAuthImportRepository>;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}
