import type { KeyStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CountCache } from '../../platform/count-cache.js';

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_BATCH = 400;
/** Values per `in (…)` lookup. */
const LOOKUP_BATCH = 1_000;

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

export interface AccountByName {
  id: string;
  username: string;
  username_lower: string;
  password_hash: string;
  created_at: number;
}

/**
 * Writes of the KeyAuth import (its accounts go through the users module, its subscriptions and
 * machines through the subscriptions module's own inserts). Every insert is `on conflict do
 * nothing` and answers what it actually wrote: a re-run, or a second import of the same files at
 * the same time, adds nothing twice; the unique indexes decide, not a read before the write.
 */
export function createKeyAuthImportRepository(keyTotals: CountCache) {
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

    /** Answers the key values written. */
    async insertKeys(
      executor: Kysely<Database>,
      keys: readonly ImportedKeyRow[],
    ): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (const batch of chunks(keys, INSERT_BATCH)) {
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
      if (inserted.size > 0) keyTotals.clear();
      return inserted;
    },
  };
}

export type KeyAuthImportRepository = ReturnType<typeof createKeyAuthImportRepository>;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}
