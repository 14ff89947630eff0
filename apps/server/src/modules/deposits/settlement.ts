import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { formatCents } from '../../platform/core/pt-br.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { SettingsRepository } from '../settings/index.js';
import type { DepositsRepository } from './deposits-repository.js';
import { gatewayStateOf, paidText } from './gateway-payment.js';
import type { MercadoPagoClient, MercadoPagoPayment } from './mercadopago-client.js';
import { readPaymentConfig } from './payment-config.js';
import type { Changed, GatewayState, SettlementRow } from './settlement-repository.js';
import type {
  GatewayVerdict,
  SettleOutcome,
  SettlementEffect,
  Transition,
} from './settlement-table.js';
import { SETTLEMENT, settlementStateOf, verdictOf } from './settlement-table.js';

const text = messages.deposits;

export interface SettlementDeps extends Pick<AppContext, 'db' | 'clock'> {
  deposits: Pick<
    DepositsRepository,
    | 'findByGatewayPayment'
    | 'noteGatewayState'
    | 'markPaid'
    | 'flagPending'
    | 'closePending'
    | 'markRefunded'
    | 'flagUncovered'
    | 'rememberWebhookRequest'
    | 'find'
  >;
  settings: Pick<SettingsRepository, 'getAll'>;
  balance: Pick<BalanceService, 'move' | 'debitUpTo'>;
  activity: Pick<ActivityService, 'record'>;
  gateway: Pick<MercadoPagoClient, 'getPayment'>;
  /**
   * The settlement records `deposit.paid`, `deposit.refunded` and `deposit.closed` in its
   * transaction; the webhook records `payment.notified`.
   */
  events: EventRecorder;
}

/** One settlement's facts: the deposit as read, the gateway's payment and the table's cell. */
interface Step {
  row: SettlementRow;
  payment: MercadoPagoPayment;
  verdict: GatewayVerdict;
  transition: Transition;
  /** The gateway's read, stored with every change. */
  read: GatewayState;
  now: number;
  /** The admin whose action settles it; null for the webhook and the poll. */
  actor: Actor | null;
}

async function usernameOf(
  deps: SettlementDeps,
  id: string,
  executor: Kysely<Database>,
): Promise<string> {
  return (await deps.deposits.find(id, executor))?.username ?? '';
}

/** A pending charge closed unpaid: the order it was opened for reacts (cancelled). */
async function recordClosed(
  deps: SettlementDeps,
  trx: Kysely<Database>,
  depositId: string,
  closed: Changed,
  status: 'cancelled' | 'expired' | 'refunded',
): Promise<void> {
  await deps.events.record(trx, 'deposit.closed', {
    depositId,
    userId: closed.user_id,
    reference: closed.reference,
    orderId: closed.order_id,
    status,
  });
}

function flag(deps: SettlementDeps, { row, payment, read, actor }: Step): Promise<SettleOutcome> {
  return withTransaction(deps.db, async (trx) => {
    await deps.deposits.noteGatewayState(row.id, read, trx);
    const flagged = await deps.deposits.flagPending(row.id, 'amount_mismatch', trx);
    if (!flagged) return 'unchanged';
    await deps.activity.record(trx, actor, {
      type: 'deposit.amount_mismatch',
      action: text.logAmountMismatch(
        row.reference,
        await usernameOf(deps, row.id, trx),
        paidText(payment),
        formatCents(row.amount_cents),
      ),
      target: `user:${row.user_id}`,
    });
    return 'flagged';
  });
}

function credit(deps: SettlementDeps, { row, read, now, actor }: Step): Promise<SettleOutcome> {
  return deps.events.transaction(async (trx) => {
    await deps.deposits.noteGatewayState(row.id, read, trx);
    const paid = await deps.deposits.markPaid(row.id, now, trx);
    if (!paid) return 'unchanged';
    await deps.balance.move(trx, {
      userId: paid.user_id,
      amountCents: paid.amount_cents,
      reason: text.reasonDeposit(paid.reference),
      actorId: actor?.userId ?? null,
    });
    await deps.events.record(trx, 'deposit.paid', {
      depositId: row.id,
      userId: paid.user_id,
      amountCents: paid.amount_cents,
      reference: paid.reference,
      orderId: paid.order_id,
      gateway: 'mercadopago',
      by: null,
    });
    await deps.activity.record(trx, actor, {
      type: 'deposit.paid',
      action: text.logPaid(
        paid.reference,
        await usernameOf(deps, row.id, trx),
        formatCents(paid.amount_cents),
      ),
      target: `user:${paid.user_id}`,
    });
    return 'paid';
  });
}

function close(deps: SettlementDeps, step: Step): Promise<SettleOutcome> {
  const { row, transition, read, now, actor } = step;
  if (transition.effect !== 'close') throw new Error(`not a closing transition: ${transition.to}`);
  const status = transition.to;
  return deps.events.transaction(async (trx) => {
    await deps.deposits.noteGatewayState(row.id, read, trx);
    const closed = await deps.deposits.closePending(row.id, status, now, trx);
    if (!closed) return 'unchanged';
    await recordClosed(deps, trx, row.id, closed, status);
    if (actor) {
      await deps.activity.record(trx, actor, {
        type: 'deposit.cancelled',
        action: text.logCancelled(closed.reference, await usernameOf(deps, row.id, trx)),
        target: `user:${closed.user_id}`,
      });
    }
    return 'closed';
  });
}

// Decided on the deposit as it is now, not as read before the gateway call: a settlement that
// credited it meanwhile is taken back here, not skipped.
function takeBack(deps: SettlementDeps, step: Step): Promise<SettleOutcome> {
  const { row, verdict, read, now, actor } = step;
  return deps.events.transaction(async (trx) => {
    await deps.deposits.noteGatewayState(row.id, read, trx);
    // Never credited (a flagged mismatch the admin refunded): closed, nothing to take back.
    const closed = await deps.deposits.closePending(row.id, 'refunded', now, trx);
    if (closed) {
      await recordClosed(deps, trx, row.id, closed, 'refunded');
      return 'closed';
    }
    const refunded = await deps.deposits.markRefunded(row.id, now, trx);
    if (!refunded) return 'unchanged';
    const reason =
      verdict === 'charged_back'
        ? text.reasonChargeback(refunded.reference)
        : text.reasonRefund(refunded.reference);
    const debit = await deps.balance.debitUpTo(trx, {
      userId: refunded.user_id,
      amountCents: refunded.amount_cents,
      reason,
      actorId: actor?.userId ?? null,
    });
    if (debit.uncoveredCents > 0) {
      await deps.deposits.flagUncovered(row.id, debit.uncoveredCents, trx);
    }
    await deps.events.record(trx, 'deposit.refunded', {
      depositId: row.id,
      userId: refunded.user_id,
      amountCents: refunded.amount_cents,
      reference: refunded.reference,
      orderId: refunded.order_id,
      balanceAfterCents: debit.balanceAfterCents - debit.uncoveredCents,
    });
    await deps.activity.record(trx, actor, {
      type: 'deposit.refunded',
      action: text.logRefunded(
        refunded.reference,
        await usernameOf(deps, row.id, trx),
        formatCents(debit.debitedCents),
      ),
      target: `user:${refunded.user_id}`,
    });
    return 'refunded';
  });
}

/** How each effect of the table is carried out. */
const EFFECTS: Record<
  SettlementEffect,
  (deps: SettlementDeps, step: Step) => Promise<SettleOutcome>
> = {
  none: () => Promise.resolve('unchanged'),
  note: async (deps, { row, read }) => {
    await deps.deposits.noteGatewayState(row.id, read);
    return 'unchanged';
  },
  wait: async (deps, { row, read }) => {
    await deps.deposits.noteGatewayState(row.id, read);
    return 'pending';
  },
  flag,
  credit,
  close,
  take_back: takeBack,
};

/**
 * Applies the gateway's view of a payment (re-read from its API, never a webhook body) to its
 * deposit, as the settlement table says. Every change is conditional on the deposit's current
 * status, in one transaction with its ledger line, activity row and event: concurrent
 * settlements change it once.
 */
function apply(
  deps: SettlementDeps,
  row: SettlementRow,
  payment: MercadoPagoPayment,
  actor: Actor | null,
): Promise<SettleOutcome> {
  const now = deps.clock.now();
  const verdict = verdictOf(payment, row);
  const transition = SETTLEMENT[settlementStateOf(row)][verdict];
  const read = gatewayStateOf(payment, now);
  return EFFECTS[transition.effect](deps, { row, payment, verdict, transition, read, now, actor });
}

/**
 * The one settlement path of a gateway payment (webhook handler, poll, admin actions): re-reads
 * the payment from Mercado Pago and applies it. Throws when the gateway cannot be read (the
 * caller retries: the outbox with backoff, the poll at its next round).
 */
async function settle(
  deps: SettlementDeps,
  paymentId: string,
  actor: Actor | null,
): Promise<SettleOutcome> {
  const row = await deps.deposits.findByGatewayPayment(paymentId);
  if (!row) return 'unknown';
  const config = await readPaymentConfig(deps.settings, deps.db);
  if (config.accessToken === '') return 'unconfigured';
  const payment = await deps.gateway.getPayment(config.accessToken, paymentId);
  if (!payment || String(payment.id) !== paymentId) return 'unknown';
  return apply(deps, row, payment, actor);
}

/**
 * Accepts a signature-checked webhook notification once per x-request-id: schedules the
 * settlement (`payment.notified`, handled after commit) when the payment is one of ours.
 * False for a replayed request id.
 */
async function notified(
  deps: SettlementDeps,
  paymentId: string,
  requestId: string,
  ts: number,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.events.transaction(async (trx) => {
    const fresh = await deps.deposits.rememberWebhookRequest(
      { requestId, ts, receivedAt: now, pruneBefore: now - 24 * 60 * 60_000 },
      trx,
    );
    if (!fresh) return false;
    // Unknown payments: accepted (MP stops retrying), nothing scheduled.
    if (await deps.deposits.findByGatewayPayment(paymentId, trx)) {
      await deps.events.record(trx, 'payment.notified', { gateway: 'mercadopago', paymentId });
    }
    return true;
  });
}

/**
 * Mercado Pago's side of deposits: the webhook's intake and the one settlement path (webhook
 * handler, poll, admin actions), which applies the settlement table (settlement-table.ts).
 */
export function createSettlement(deps: SettlementDeps) {
  return {
    /** `actor`: the admin whose cancel or refund it follows; null for the webhook and the poll. */
    settle: (paymentId: string, actor: Actor | null = null) => settle(deps, paymentId, actor),
    notified: (paymentId: string, requestId: string, ts: number) =>
      notified(deps, paymentId, requestId, ts),
    /** The webhook secret, for the signature check (empty: every notification is refused). */
    async webhookSecret(): Promise<string> {
      return (await readPaymentConfig(deps.settings, deps.db)).webhookSecret;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
