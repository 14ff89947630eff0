import type {
  DepositFlag,
  DepositGateway,
  DepositStatus,
  DepositStatusFilter,
} from '@chaveiro/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, DepositsTable } from '../../db/schema.js';
import { readPage } from '../../platform/paging.js';
import type { SqlDialect } from '../../platform/database.js';
import { accountStartsWith, startsWith } from '../../platform/search.js';

/** A deposit as its owner sees it: the row but who decided it. */
export type DepositRow = Omit<DepositsTable, 'decided_by' | 'gateway_checked_at'>;

/** A deposit with its owner and the admin who decided it, for the admin list. */
export interface AdminDepositRow extends DepositRow {
  username: string;
  email: string | null;
  decided_by: string | null;
}

/** A deposit's row as the settlement needs it. */
export type SettlementRow = Pick<
  DepositsTable,
  'id' | 'user_id' | 'amount_cents' | 'reference' | 'status' | 'order_id' | 'gateway' | 'flag'
> & { gateway_payment_id: string };

/** The gateway's view of the payer and its status, stored with every change. */
export interface GatewayState {
  gatewayStatus: string;
  /** When the gateway was read (app clock). */
  checkedAt: number;
  payerEmail: string | null;
  payerName: string | null;
}

/** What a conditional change returns: the row's facts for the ledger and the event. */
export type Changed = Pick<DepositRow, 'user_id' | 'amount_cents' | 'reference' | 'order_id'>;

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

/**
 * One conditional change of a deposit: `set` is applied only while it is `from` (and unflagged,
 * or taken by `gateway`, when asked), so of concurrent changes only one applies. Answers the
 * row's facts for the ledger and the event, or undefined when it was not in that state.
 */
async function changeFrom(
  executor: Kysely<Database>,
  id: string,
  from: DepositStatus,
  set: Updateable<DepositsTable>,
  only: { unflagged?: true; gateway?: DepositGateway } = {},
): Promise<Changed | undefined> {
  let query = executor
    .updateTable('deposits')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from);
  if (only.unflagged) query = query.where('flag', 'is', null);
  if (only.gateway) query = query.where('gateway', '=', only.gateway);
  const row = await query
    .returning(['user_id', 'amount_cents', 'reference', 'order_id'])
    .executeTakeFirst();
  return row && { ...row, amount_cents: Number(row.amount_cents) };
}

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

    async findByGatewayPayment(
      paymentId: string,
      executor: Kysely<Database> = db,
    ): Promise<SettlementRow | undefined> {
      const row = await executor
        .selectFrom('deposits')
        .select([
          'id',
          'user_id',
          'amount_cents',
          'reference',
          'status',
          'order_id',
          'gateway',
          'flag',
          'gateway_payment_id',
        ])
        .where('gateway_payment_id', '=', paymentId)
        .executeTakeFirst();
      if (!row || row.gateway_payment_id === null) return undefined;
      return {
        ...row,
        amount_cents: Number(row.amount_cents),
        gateway_payment_id: row.gateway_payment_id,
      };
    },

    /** Gateway charges still waiting for payment (not flagged), oldest first: the poll's list. */
    async pendingGatewayPayments(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('deposits')
        .select('gateway_payment_id')
        .where('gateway', '=', 'mercadopago')
        .where('status', '=', 'pending')
        .where('flag', 'is', null)
        .where('gateway_payment_id', 'is not', null)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.gateway_payment_id ? [row.gateway_payment_id] : []));
    },

    /**
     * Paid gateway charges to re-read for a refund or chargeback whose webhook was lost: paid
     * since `paidSince`, not read since `checkedBefore`, least recently read first.
     */
    async paidGatewayPaymentsToRecheck(
      window: { paidSince: number; checkedBefore: number },
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom('deposits')
        .select('gateway_payment_id')
        .where('gateway', '=', 'mercadopago')
        .where('status', '=', 'approved')
        .where('paid_at', '>=', window.paidSince)
        .where('gateway_payment_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('gateway_checked_at', 'is', null),
            eb('gateway_checked_at', '<', window.checkedBefore),
          ]),
        )
        .orderBy((eb) => eb.fn.coalesce('gateway_checked_at', eb.lit(0)))
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.gateway_payment_id ? [row.gateway_payment_id] : []));
    },

    /** The gateway's latest status and payer, whatever the deposit's state. */
    async noteGatewayState(
      id: string,
      state: GatewayState,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('deposits')
        .set({
          gateway_status: state.gatewayStatus,
          gateway_checked_at: state.checkedAt,
          payer_email: state.payerEmail,
          payer_name: state.payerName,
        })
        .where('id', '=', id)
        .execute();
    },

    /** pending → approved by the gateway, once: undefined when it was no longer pending. */
    markPaid(id: string, paidAt: number, executor: Kysely<Database>) {
      return changeFrom(executor, id, 'pending', {
        status: 'approved',
        paid_at: paidAt,
        decided_at: paidAt,
      });
    },

    /** Flags a pending deposit once (a repeat finds it flagged and changes nothing). */
    flagPending(id: string, flag: DepositFlag, executor: Kysely<Database>) {
      return changeFrom(executor, id, 'pending', { flag }, { unflagged: true });
    },

    /** pending → cancelled, expired or refunded (never credited), once. */
    closePending(
      id: string,
      status: Extract<DepositStatus, 'cancelled' | 'expired' | 'refunded'>,
      at: number,
      executor: Kysely<Database>,
    ) {
      return changeFrom(executor, id, 'pending', {
        status,
        decided_at: at,
        ...(status === 'refunded' ? { refunded_at: at } : {}),
      });
    },

    /** approved → refunded, once. */
    markRefunded(id: string, at: number, executor: Kysely<Database>) {
      return changeFrom(executor, id, 'approved', { status: 'refunded', refunded_at: at });
    },

    /** What a refund could not take back from the balance: flagged for the admin. */
    async flagUncovered(id: string, uncoveredCents: number, executor: Kysely<Database>) {
      await executor
        .updateTable('deposits')
        .set({ flag: 'negative_balance', uncovered_cents: uncoveredCents })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Remembers an accepted webhook notification by its x-request-id; false when it was already
     * seen (a replay). Forgets those received before `pruneBefore` (older than any accepted ts).
     */
    async rememberWebhookRequest(
      request: { requestId: string; ts: number; receivedAt: number; pruneBefore: number },
      executor: Kysely<Database>,
    ): Promise<boolean> {
      await executor
        .deleteFrom('payment_webhook_requests')
        .where('received_at', '<', request.pruneBefore)
        .execute();
      const row = await executor
        .insertInto('payment_webhook_requests')
        .values({
          request_id: request.requestId,
          ts: request.ts,
          received_at: request.receivedAt,
        })
        .onConflict((oc) => oc.column('request_id').doNothing())
        .returning('request_id')
        .executeTakeFirst();
      return row !== undefined;
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

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
