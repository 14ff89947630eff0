import type { DepositFlag, DepositGateway, DepositStatus } from '@chaveiro/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, DepositsTable } from '../../db/schema.js';

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
export type Changed = Pick<DepositsTable, 'user_id' | 'amount_cents' | 'reference' | 'order_id'>;

/**
 * One conditional change of a deposit: `set` is applied only while it is `from` (and unflagged,
 * or taken by `gateway`, when asked), so of concurrent changes only one applies. Answers the
 * row's facts for the ledger and the event, or undefined when it was not in that state.
 */
export async function changeFrom(
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

/** The deposit a gateway payment settles. */
function settlementRowQueries(db: Kysely<Database>) {
  return {
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
  };
}

/** The poll's lists of gateway payments to re-read. */
function pollQueries(db: Kysely<Database>) {
  return {
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
  };
}

/** The settlement's writes: each status change conditional on the status it leaves. */
function settlementChanges(db: Kysely<Database>) {
  return {
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
  };
}

/**
 * Remembers an accepted webhook notification by its x-request-id; false when it was already
 * seen (a replay). Forgets those received before `pruneBefore` (older than any accepted ts).
 */
async function rememberWebhookRequest(
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
}

/**
 * The Mercado Pago settlement's queries on `deposits` and `payment_webhook_requests`; the poll's
 * lists are read on `reads` (off the event loop: on the bench seed the paid charges' scan took
 * 30–45 ms every 30 s).
 */
export function createSettlementRepository(db: Kysely<Database>, reads: Kysely<Database>) {
  return {
    ...settlementRowQueries(db),
    ...pollQueries(reads),
    ...settlementChanges(db),
    rememberWebhookRequest,
  };
}
