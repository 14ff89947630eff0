import type { DepositStatusFilter } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database, DepositsTable } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { accountStartsWith, startsWith } from '../../platform/db/search.js';
import { changeFrom, createSettlementRepository } from './settlement-repository.js';

/** A deposit as its owner sees it: the row but who decided it. */
export type DepositRow = Omit<DepositsTable, 'decided_by' | 'gateway_checked_at'>;

/** A deposit with its owner and the admin who decided it, for the admin list. */
export interface AdminDepositRow extends DepositRow {
  username: string;
  email: string | null;
  decided_by: string | null;
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
  'd.gateway',
  'd.order_id',
  'd.gateway_payment_id',
  'd.gateway_status',
  'd.pix_code',
  'd.expires_at',
  'd.payer_email',
  'd.payer_name',
  'd.paid_at',
  'd.refunded_at',
  'd.uncovered_cents',
  'd.flag',
] as const;

/** What a customer's charge needs: its reference, its room among pending ones, its insert. */
function chargeQueries(db: Kysely<Database>, dialect: SqlDialect) {
  return {
    /** A new deposit, as the service built it (nobody has decided it or read its gateway yet). */
    async insert(row: DepositRow, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('deposits')
        .values({ ...row, decided_by: null, gateway_checked_at: null })
        .execute();
    },

    async userEmail(userId: string, executor: Kysely<Database> = db): Promise<string | undefined> {
      const row = await executor
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.email ?? undefined;
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
  };
}

/** The customer's own deposits. */
function ownDepositQueries(db: Kysely<Database>) {
  return {
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
  };
}

/** Deposits with their owner and the admin who decided them. */
function adminQuery(executor: Kysely<Database>) {
  return executor
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('users as a', 'a.id', 'd.decided_by');
}

function matching(
  db: Kysely<Database>,
  dialect: SqlDialect,
  status: DepositStatusFilter,
  q: string | undefined,
) {
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

/** The admin's list and decisions. */
function backOfficeQueries(db: Kysely<Database>, dialect: SqlDialect) {
  return {
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
        matching(db, dialect, status, q),
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
     * Decides a pending manual deposit in one conditional statement: of two concurrent decisions only
     * one changes the row. Returns the decided deposit, or undefined when it was not pending.
     */
    decide(id: string, decision: Decision, executor: Kysely<Database> = db) {
      return changeFrom(
        executor,
        id,
        'pending',
        {
          status: decision.status,
          decided_by: decision.decidedBy,
          decided_at: decision.decidedAt,
          reject_reason: decision.rejectReason,
          ...(decision.status === 'approved' ? { paid_at: decision.decidedAt } : {}),
        },
        { gateway: 'manual' },
      );
    },
  };
}

/** Queries on `deposits`: the customer's charges, the admin's back office, the settlement. */
/** `reads`: the background poll's scans run there, off the event loop (AppContext). */
export function createDepositsRepository(
  db: Kysely<Database>,
  dialect: SqlDialect,
  reads: Kysely<Database>,
) {
  return {
    ...chargeQueries(db, dialect),
    ...ownDepositQueries(db),
    ...backOfficeQueries(db, dialect),
    ...createSettlementRepository(db, reads),
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
