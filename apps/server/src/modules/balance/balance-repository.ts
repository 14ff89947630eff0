import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/paging.js';

export interface LedgerLine {
  id: string;
  userId: string;
  actorId: string | null;
  amountCents: number;
  reason: string;
  balanceAfterCents: number;
  createdAt: number;
}

export interface LedgerRow {
  id: string;
  amount_cents: number;
  reason: string;
  balance_after_cents: number;
  actor: string | null;
  created_at: number;
}

/** Any account's balance and its ledger. */
export function createBalanceRepository(db: Kysely<Database>) {
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

    async insertLedger(line: LedgerLine, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('balance_ledger')
        .values({
          id: line.id,
          user_id: line.userId,
          actor_id: line.actorId,
          amount_cents: line.amountCents,
          reason: line.reason,
          balance_after_cents: line.balanceAfterCents,
          created_at: line.createdAt,
        })
        .execute();
    },

    /** One account's balance changes, newest first, with the acting user's name. */
    async ledgerPage(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: LedgerRow[]; total: number }> {
      return readPage(
        db.selectFrom('balance_ledger as l').where('l.user_id', '=', userId),
        (query) =>
          query
            .leftJoin('users as a', 'a.id', 'l.actor_id')
            .select([
              'l.id',
              'l.amount_cents',
              'l.reason',
              'l.balance_after_cents',
              'a.username as actor',
              'l.created_at',
            ])
            .orderBy('l.created_at', 'desc')
            .orderBy('l.id', 'desc'),
        limit,
        offset,
      );
    },
  };
}

export type BalanceRepository = ReturnType<typeof createBalanceRepository>;
