import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted } from '../../platform/state/count-cache.js';

/**
 * The money column of an account (`users.balance_cents`). The balance module moves it and writes
 * the ledger line in the same transaction; nothing else writes it.
 */
export function createUserBalancesRepository(
  db: Kysely<Database>,
  /** The user list's totals: its anchors, cleared with them, sort by balance. */
  userTotals: CountCache,
) {
  return {
    /**
     * Adds `deltaCents` (negative spends) in one conditional statement: concurrent movements
     * serialise on the row, none is lost, and the balance never goes below zero (the CHECK
     * constraint backs this). Returns the new balance, or undefined when nothing changed.
     */
    async add(
      userId: string,
      deltaCents: number,
      executor: Kysely<Database> = db,
    ): Promise<number | undefined> {
      const row = await executor
        .updateTable('users')
        .set({ balance_cents: sql<number>`balance_cents + ${deltaCents}` })
        .where('id', '=', userId)
        .where(sql<boolean>`balance_cents + ${deltaCents} >= 0`)
        .returning('balance_cents')
        .executeTakeFirst();
      if (row !== undefined) clearWhenCommitted(userTotals, executor);
      return row === undefined ? undefined : Number(row.balance_cents);
    },

    async balanceOf(userId: string, executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('users')
        .select('balance_cents')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row === undefined ? 0 : Number(row.balance_cents);
    },
  };
}

export type UserBalancesRepository = ReturnType<typeof createUserBalancesRepository>;
