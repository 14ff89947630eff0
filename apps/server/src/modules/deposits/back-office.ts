import type {
  AdminDepositsExportQuery,
  AdminDepositsPage,
  AdminDepositsQuery,
  DepositDecisionResponse,
} from '@chaveiro/contract';
import { centsToReais, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { UTF8_BOM, csvLine } from '../../platform/http/csv.js';
import { BadGatewayError, ConflictError, NotFoundError } from '../../platform/core/errors.js';
import { formatCents } from '../../platform/core/pt-br.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { toAdminDeposit } from './deposit-rows.js';
import type { AdminDepositRow, DepositsRepository } from './deposits-repository.js';
import type { MercadoPagoClient } from './mercadopago-client.js';
import { readPaymentConfig } from './payment-config.js';
import type { Settlement } from './settlement.js';

const text = messages.deposits;
const DEPOSITS_CSV_BATCH = 5_000;
const DEPOSITS_CSV_MAX_ROWS = 100_000;
const DEPOSITS_CSV_HEADER = [
  'referencia',
  'usuario',
  'email',
  'valor',
  'status',
  'gateway',
  'criado_em',
  'decidido_em',
  'decidido_por',
];

export interface BackOfficeDeps extends Pick<AppContext, 'db' | 'clock'> {
  deposits: Pick<DepositsRepository, 'find' | 'adminPage' | 'decide'>;
  /** The payment rows: the access token for the admin's gateway actions. */
  settings: Pick<SettingsRepository, 'getAll'>;
  balance: Pick<BalanceService, 'move'>;
  activity: Pick<ActivityService, 'record'>;
  gateway: Pick<MercadoPagoClient, 'cancelPayment' | 'refundPayment'>;
  /** An approval records `deposit.paid`, a rejection `deposit.rejected`, in their transaction. */
  events: EventRecorder;
  log: { warn(details: object, message: string): void };
  /** The settlement path an admin's gateway action ends in. */
  settle: Settlement['settle'];
}

function depositCsvLine(row: AdminDepositRow): string {
  return csvLine([
    row.reference,
    row.username,
    row.email ?? '',
    centsToReais(Number(row.amount_cents)).toFixed(2),
    row.status,
    row.gateway,
    new Date(Number(row.created_at)).toISOString(),
    row.decided_at === null ? '' : new Date(Number(row.decided_at)).toISOString(),
    row.decided_by ?? '',
  ]);
}

/** Every deposit matching the admin list's filters as CSV, newest first (header first). */
async function* exportCsv(
  deps: BackOfficeDeps,
  query: AdminDepositsExportQuery,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(DEPOSITS_CSV_HEADER);
  for (let offset = 0; offset < DEPOSITS_CSV_MAX_ROWS; offset += DEPOSITS_CSV_BATCH) {
    const { rows } = await deps.deposits.adminPage(
      query.status,
      query.q,
      DEPOSITS_CSV_BATCH,
      offset,
    );
    yield rows.map(depositCsvLine).join('');
    if (rows.length < DEPOSITS_CSV_BATCH) return;
  }
}

/** Why a manual deposit cannot be decided: unknown (404), automatic or decided (409). */
async function undecidable(
  deps: BackOfficeDeps,
  id: string,
  executor: Kysely<Database>,
): Promise<never> {
  const row = await deps.deposits.find(id, executor);
  if (!row) throw new NotFoundError(text.notFound);
  if (row.gateway !== 'manual') throw new ConflictError(text.automaticDeposit, 'DEPOSIT_AUTOMATIC');
  if (row.status === 'approved') {
    throw new ConflictError(text.alreadyApproved, 'DEPOSIT_ALREADY_DECIDED');
  }
  if (row.status === 'rejected') {
    throw new ConflictError(text.alreadyRejected, 'DEPOSIT_ALREADY_DECIDED');
  }
  throw new ConflictError(text.alreadyClosed, 'DEPOSIT_ALREADY_DECIDED');
}

async function decided(
  deps: BackOfficeDeps,
  id: string,
  executor: Kysely<Database>,
  message: string,
): Promise<DepositDecisionResponse> {
  const row = await deps.deposits.find(id, executor);
  if (!row) throw new NotFoundError(text.notFound);
  return { message, deposit: toAdminDeposit(row) };
}

/**
 * Credits a pending manual deposit: the status change is conditional (only from pending) and
 * in the same transaction as the balance movement, so a deposit is credited exactly once.
 */
function approve(deps: BackOfficeDeps, actor: Actor, id: string): Promise<DepositDecisionResponse> {
  return deps.events.transaction(async (trx) => {
    const deposit = await deps.deposits.decide(
      id,
      {
        status: 'approved',
        decidedBy: actor.userId,
        decidedAt: deps.clock.now(),
        rejectReason: null,
      },
      trx,
    );
    if (!deposit) return undecidable(deps, id, trx);
    const amount = formatCents(deposit.amount_cents);
    await deps.balance.move(trx, {
      userId: deposit.user_id,
      amountCents: deposit.amount_cents,
      reason: text.reasonDeposit(deposit.reference),
      actorId: actor.userId,
    });
    await deps.events.record(trx, 'deposit.paid', {
      depositId: id,
      userId: deposit.user_id,
      amountCents: deposit.amount_cents,
      reference: deposit.reference,
      orderId: deposit.order_id,
      gateway: 'manual',
      by: actor.userId,
    });
    const result = await decided(deps, id, trx, text.approved);
    await deps.activity.record(trx, actor, {
      type: 'deposit.approved',
      action: text.logApproved(deposit.reference, result.deposit.user.username, amount),
      target: `user:${deposit.user_id}`,
    });
    return result;
  });
}

function reject(
  deps: BackOfficeDeps,
  actor: Actor,
  id: string,
  reason: string,
): Promise<DepositDecisionResponse> {
  return deps.events.transaction(async (trx) => {
    const deposit = await deps.deposits.decide(
      id,
      {
        status: 'rejected',
        decidedBy: actor.userId,
        decidedAt: deps.clock.now(),
        rejectReason: reason,
      },
      trx,
    );
    if (!deposit) return undecidable(deps, id, trx);
    const amount = formatCents(deposit.amount_cents);
    await deps.events.record(trx, 'deposit.rejected', {
      depositId: id,
      userId: deposit.user_id,
      amountCents: deposit.amount_cents,
      reference: deposit.reference,
      reason,
      by: actor.userId,
    });
    const result = await decided(deps, id, trx, text.rejected);
    await deps.activity.record(trx, actor, {
      type: 'deposit.rejected',
      action: text.logRejected(deposit.reference, result.deposit.user.username, amount),
      target: `user:${deposit.user_id}`,
    });
    return result;
  });
}

/** A Mercado Pago deposit the admin acts on at the gateway, with the token to do it. */
async function gatewayDeposit(deps: BackOfficeDeps, id: string) {
  const row = await deps.deposits.find(id);
  if (!row) throw new NotFoundError(text.notFound);
  if (row.gateway !== 'mercadopago' || row.gateway_payment_id === null) {
    throw new ConflictError(text.notGatewayDeposit, 'DEPOSIT_NOT_GATEWAY');
  }
  const config = await readPaymentConfig(deps.settings, deps.db);
  if (config.accessToken === '') {
    throw new ConflictError(text.gatewayNotConfigured, 'PIX_NOT_CONFIGURED');
  }
  return { row, paymentId: row.gateway_payment_id, token: config.accessToken };
}

/** Cancels a pending Mercado Pago charge there, then here (the same settlement path). */
async function cancel(
  deps: BackOfficeDeps,
  actor: Actor,
  id: string,
): Promise<DepositDecisionResponse> {
  const { row, paymentId, token } = await gatewayDeposit(deps, id);
  if (row.status !== 'pending') throw new ConflictError(text.notPending, 'DEPOSIT_NOT_PENDING');
  try {
    await deps.gateway.cancelPayment(token, paymentId);
  } catch (error) {
    deps.log.warn({ err: error, paymentId }, 'Mercado Pago charge not cancelled');
    // It may have been paid meanwhile: settle what it is now.
    await deps.settle(paymentId, actor).catch(() => undefined);
    // Paid (or closed) meanwhile: a decided deposit (409), not a gateway failure.
    const now = await deps.deposits.find(id);
    if (now && now.status !== 'pending') {
      throw new ConflictError(text.notPending, 'DEPOSIT_NOT_PENDING');
    }
    throw new BadGatewayError(text.gatewayActionFailed, 'PAYMENT_GATEWAY_UNAVAILABLE');
  }
  await deps.settle(paymentId, actor).catch((error: unknown) => {
    deps.log.warn({ err: error, paymentId }, 'cancelled charge not re-read');
  });
  return decided(deps, id, deps.db, text.cancelled);
}

/** Refunds a paid Mercado Pago deposit there, then takes it back here (settlement path). */
async function refund(
  deps: BackOfficeDeps,
  actor: Actor,
  id: string,
): Promise<DepositDecisionResponse> {
  const { row, paymentId, token } = await gatewayDeposit(deps, id);
  const refundable =
    row.status === 'approved' || (row.status === 'pending' && row.flag === 'amount_mismatch');
  if (row.status === 'refunded') {
    throw new ConflictError(text.alreadyRefunded, 'DEPOSIT_NOT_REFUNDABLE');
  }
  if (!refundable) throw new ConflictError(text.notRefundable, 'DEPOSIT_NOT_REFUNDABLE');
  try {
    await deps.gateway.refundPayment(token, paymentId);
  } catch (error) {
    deps.log.warn({ err: error, paymentId }, 'Mercado Pago refund failed');
    // Refunded meanwhile (a second click, the payer's bank): settle it, then say so (409).
    await deps.settle(paymentId, actor).catch(() => undefined);
    const now = await deps.deposits.find(id);
    if (now && now.status === 'refunded') {
      throw new ConflictError(text.alreadyRefunded, 'DEPOSIT_NOT_REFUNDABLE');
    }
    throw new BadGatewayError(text.gatewayActionFailed, 'PAYMENT_GATEWAY_UNAVAILABLE');
  }
  await deps.settle(paymentId, actor).catch((error: unknown) => {
    deps.log.warn({ err: error, paymentId }, 'refunded payment not re-read');
  });
  return decided(deps, id, deps.db, text.refunded);
}

/**
 * The admin's deposits: the list and its CSV, the decision on a manual deposit (approve,
 * reject), and cancel or refund of a Mercado Pago one (at the gateway, then the settlement).
 */
export function createDepositsBackOffice(deps: BackOfficeDeps) {
  return {
    async adminList(query: AdminDepositsQuery): Promise<AdminDepositsPage> {
      const { rows, total } = await deps.deposits.adminPage(
        query.status,
        query.q,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map(toAdminDeposit),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    adminExportCsv: (query: AdminDepositsExportQuery) => exportCsv(deps, query),
    approve: (actor: Actor, id: string) => approve(deps, actor, id),
    reject: (actor: Actor, id: string, reason: string) => reject(deps, actor, id, reason),
    cancel: (actor: Actor, id: string) => cancel(deps, actor, id),
    refund: (actor: Actor, id: string) => refund(deps, actor, id),
  };
}

export type DepositsBackOffice = ReturnType<typeof createDepositsBackOffice>;
