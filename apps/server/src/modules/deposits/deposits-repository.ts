import type { DepositMethod, DepositStatusFilter } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database, DepositsTable } from '../../db/schema.js';
import { readPage } from '../../platform/paging.js';
import type { SqlDialect } from '../../platform/database.js';
import { accountStartsWith, startsWith } from '../../platform/search.js';

/** A deposit as its owner sees it: the row but who decided it. */
export type DepositRow = Omit<DepositsTable, 'decided_by'>;

/** A deposit with its owner and the admin who decided it, for the admin list. */
export interface AdminDepositRow extends DepositRow {
  username: string;
  email: string;
  decided_by: string | null;
}

export interface NewDeposit {
  id: string;
  userId: string;
  amountCents: number;
  method: DepositMethod;
  reference: string;
  createdAt: number;
  /** The order this deposit pays, if any. */
  orderId?: string | null;
}

export interface Decision {
  status: 'approved' | 'rejected';
  decidedBy: string;
  decidedAt: number;
  rejectReason: string | null;
}

const depositColumns = [
  'd.id',
  'd.user_id',
  'd.amount_cents',
  'd.method',
  'd.reference',
  'd.status',
  'd.reject_reason',
  'd.decided_at',
  'd.created_at',
  'd.order_id',
] as const;

/** Queries on `deposits`. */
export function createDepositsRepository(db: Kysely<Database>, dialect: SqlDialect) {
  function adminQuery(executor: Kysely<Database>) {
    return executor
      .selectFrom('deposits as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('users as a', 'a.id', 'd.decided_by');
  }

  function matching(status: DepositStatusFilter, q: string | undefined) {
    let query = adminQuery(db);
    if (status !== 'all') query = query.where('d.status', '=', status);
    if (!q) return query;
    const reference = q.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return query.where((eb) =>
      eb.or([
        ...accountStartsWith(eb, q, dialect, 'u'),
        ...(reference ? [startsWith(eb, eb.ref('d.reference'), reference, dialect)] : []),
      ]),
    );
  }

  return {
    async insert(deposit: NewDeposit, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('deposits')
        .values({
          id: deposit.id,
          user_id: deposit.userId,
          amount_cents: deposit.amountCents,
          method: deposit.method,
          reference: deposit.reference,
          status: 'pending',
          reject_reason: null,
          decided_by: null,
          decided_at: null,
          created_at: deposit.createdAt,
          order_id: deposit.orderId ?? null,
        })
        .execute();
    },

    async referenceTaken(reference: string, executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor
        .selectFrom('deposits')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Serialises one user's deposit creations: on PostgreSQL the user row is locked until the
     * transaction ends; SQLite transactions already hold the write lock from their start.
     */
    async lockUser(userId: string, executor: Kysely<Database>): Promise<void> {
      if (dialect !== 'postgres') return;
      await executor
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forUpdate()
        .execute();
    },

    async countPending(userId: string, executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** One user's deposits, newest first. */
    async pageForUser(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: DepositRow[]; total: number }> {
      return readPage(
        db.selectFrom('deposits as d').where('d.user_id', '=', userId),
        (query) =>
          query.select(depositColumns).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
        limit,
        offset,
      );
    },

    /** A deposit of `userId` only: another user's id reads as unknown. */
    findOwn(userId: string, id: string): Promise<DepositRow | undefined> {
      return db
        .selectFrom('deposits as d')
        .select(depositColumns)
        .where('d.id', '=', id)
        .where('d.user_id', '=', userId)
        .executeTakeFirst();
    },

    find(id: string, executor: Kysely<Database> = db): Promise<AdminDepositRow | undefined> {
      return adminQuery(executor)
        .select([...depositColumns, 'u.username', 'u.email', 'a.username as decided_by'])
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    /** Newest first; `q` matches the start of the username, the e-mail or the reference. */
    async adminPage(
      status: DepositStatusFilter,
      q: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: AdminDepositRow[]; total: number }> {
      return readPage(
        matching(status, q),
        (query) =>
          query
            .select([...depositColumns, 'u.username', 'u.email', 'a.username as decided_by'])
            .orderBy('d.created_at', 'desc')
            .orderBy('d.id', 'desc'),
        limit,
        offset,
      );
    },

    /**
     * Decides a pending deposit in one conditional statement: of two concurrent decisions only
     * one changes the row. Returns the decided deposit, or undefined when it was not pending.
     */
    async decide(
      id: string,
      decision: Decision,
      executor: Kysely<Database> = db,
    ): Promise<
      Pick<DepositRow, 'user_id' | 'amount_cents' | 'reference' | 'order_id'> | undefined
    > {
      const row = await executor
        .updateTable('deposits')
        .set({
          status: decision.status,
          decided_by: decision.decidedBy,
          decided_at: decision.decidedAt,
          reject_reason: decision.rejectReason,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'amount_cents', 'reference', 'order_id'])
        .executeTakeFirst();
      return row && { ...row, amount_cents: Number(row.amount_cents) };
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
