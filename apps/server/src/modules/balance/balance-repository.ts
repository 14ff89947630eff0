import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';

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

/** The balance ledger: one line per money movement (the balance itself is the users module's). */
export function createBalanceRepository(db: Kysely<Database>) {
  return {
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
