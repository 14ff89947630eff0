import { randomInt } from 'node:crypto';
import type {
  AdminDepositsExportQuery,
  AdminDeposit,
  AdminDepositsPage,
  AdminDepositsQuery,
  CreateDepositResponse,
  Deposit,
  DepositAvailability,
  DepositDecisionResponse,
  DepositDetail,
  DepositsPage,
  DepositsQuery,
  PaymentInstructions,
  PaymentSettings,
  PaymentSettingsResponse,
  PaymentSettingsUpdate,
} from '@chaveiro/contract';
import { DEPOSIT_LIMITS, centsToReais, messages } from '@chaveiro/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { UTF8_BOM, csvLine } from '../../platform/csv.js';
import { withTransaction } from '../../platform/database.js';
import {
  BadGatewayError,
  BadRequestError,
  ConflictError,
  NotFoundError,
} from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { formatCents, formatMoney } from '../../platform/pt-br.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { buildBrCode } from './br-code.js';
import type {
  AdminDepositRow,
  Changed,
  DepositRow,
  DepositsRepository,
  SettlementRow,
} from './deposits-repository.js';
import type { MercadoPagoClient, MercadoPagoPayment } from './mercadopago-client.js';
import { isoBrasilia } from './mercadopago-client.js';
import type { PaymentConfig } from './payment-config.js';
import { maskSecret, readPaymentConfig } from './payment-config.js';

const text = messages.deposits;
const DEPOSITS_CSV_BATCH = 5_000;
const DEPOSITS_CSV_MAX_ROWS = 100_000;

/** Unambiguous characters only (no 0/O, 1/I/L), so a reference survives being read aloud. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 8;

function newReference(): string {
  let reference = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) {
    reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return reference;
}

function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(Number(epochMs)).toISOString();
}

function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    amount: centsToReais(Number(row.amount_cents)),
    method: row.method,
    reference: row.reference,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    decided_at: iso(row.decided_at),
    gateway: row.gateway,
    expires_at: iso(row.expires_at),
    order_id: row.order_id,
  };
}

function toAdminDeposit(row: AdminDepositRow): AdminDeposit {
  return {
    ...toDeposit(row),
    user: { id: row.user_id, username: row.username, email: row.email },
    decided_by: row.decided_by,
    gateway_payment_id: row.gateway_payment_id,
    gateway_status: row.gateway_status,
    payer:
      row.payer_email === null && row.payer_name === null
        ? null
        : { email: row.payer_email, name: row.payer_name },
    paid_at: iso(row.paid_at),
    refunded_at: iso(row.refunded_at),
    uncovered_amount:
      row.uncovered_cents === null ? null : centsToReais(Number(row.uncovered_cents)),
    flag: row.flag,
  };
}

/**
 * What a payment paid in centavos, or null when it was not paid in reais: an amount is its
 * number and its currency, and a payment in another currency matches no deposit.
 */
function paidCents(payment: MercadoPagoPayment): number | null {
  return payment.currency_id === 'BRL' ? Math.round(payment.transaction_amount * 100) : null;
}

/** What a payment paid, as the audit log shows it: `R$ 1,00`, `US$ 1,00`, `XYZ 1,00`. */
function paidText(payment: MercadoPagoPayment): string {
  const cents = paidCents(payment);
  if (cents !== null) return formatCents(cents);
  return formatMoney(payment.transaction_amount, payment.currency_id ?? text.currencyUnknown);
}

function payerOf(payment: MercadoPagoPayment, checkedAt: number) {
  const name = [payment.payer?.first_name, payment.payer?.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return {
    gatewayStatus: payment.status_detail
      ? `${payment.status}/${payment.status_detail}`
      : payment.status,
    payerEmail: payment.payer?.email ?? null,
    payerName: name === '' ? null : name,
    checkedAt,
  };
}

/** What one settlement did. */
export type SettleOutcome =
  'unknown' | 'unconfigured' | 'paid' | 'flagged' | 'refunded' | 'closed' | 'pending' | 'unchanged';

export interface CreateDepositOptions {
  /** The order a checkout opens this deposit for (no R$ 5,00 minimum then). */
  orderId?: string;
  /** What the gateway shows the payer; default "Depósito de saldo <reference>". */
  description?: string;
  /** Runs inside the transaction that inserts the deposit (the order commits with it). */
  attach?: (
    trx: Transaction<Database>,
    deposit: { id: string; reference: string },
  ) => Promise<void>;
}

export interface DepositsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  deposits: DepositsRepository;
  /** The payment rows, written with their activity line and read in the deposit's transaction. */
  settings: Pick<SettingsRepository, 'getAll' | 'set'>;
  balance: BalanceService;
  activity: ActivityService;
  /** Mercado Pago's Payments API (base URL from MERCADOPAGO_API_URL). */
  gateway: MercadoPagoClient;
  /** `${PUBLIC_URL}/api/payments/mercadopago/webhook`, sent as each charge's notification_url. */
  webhookUrl: string;
  /**
   * Payments record `deposit.paid` (approval or the gateway's confirmation), `deposit.rejected`
   * and `deposit.refunded` in their transaction; the webhook records `payment.notified`.
   */
  events: EventRecorder;
  log: { warn(details: object, message: string): void };
}

/**
 * Balance deposits: the customer opens one and pays it by PIX, to the admin's key (a BR Code,
 * confirmed by the admin) or through Mercado Pago (confirmed by its webhook or the poll, through
 * one settlement path). A deposit is credited exactly once.
 */
export function createDepositsService({
  db,
  clock,
  deposits,
  settings,
  balance,
  activity,
  gateway,
  webhookUrl,
  events,
  log,
}: DepositsServiceDeps) {
  async function uniqueReference(executor: Kysely<Database>): Promise<string> {
    // 31^8 codes: a repeat is rare enough that a few draws always find a free one.
    for (;;) {
      const reference = newReference();
      if (!(await deposits.referenceTaken(reference, executor))) return reference;
    }
  }

  function manualInstructions(
    config: PaymentConfig,
    amountCents: number,
    reference: string,
  ): PaymentInstructions {
    return {
      method: 'pix',
      pix_key: config.pixKey,
      beneficiary: config.beneficiary,
      amount: centsToReais(amountCents),
      reference,
      pix_code: buildBrCode({
        pixKey: config.pixKey,
        beneficiary: config.beneficiary,
        city: config.city,
        amountCents,
        txid: reference,
      }),
      expires_at: null,
      gateway: 'manual',
    };
  }

  function gatewayInstructions(row: DepositRow): PaymentInstructions {
    return {
      method: 'pix',
      pix_key: '',
      beneficiary: '',
      amount: centsToReais(Number(row.amount_cents)),
      reference: row.reference,
      pix_code: row.pix_code ?? '',
      expires_at: iso(row.expires_at),
      gateway: 'mercadopago',
    };
  }

  async function ensurePendingRoom(userId: string, executor: Kysely<Database>): Promise<void> {
    if ((await deposits.countPending(userId, executor)) >= DEPOSIT_LIMITS.pendingMax) {
      throw new ConflictError(
        text.tooManyPending(DEPOSIT_LIMITS.pendingMax),
        'TOO_MANY_PENDING_DEPOSITS',
      );
    }
  }

  function validateAmount(amountCents: number, options: CreateDepositOptions): void {
    if (!Number.isInteger(amountCents) || amountCents < 1) {
      throw new BadRequestError(text.amountInvalid);
    }
    if (amountCents > DEPOSIT_LIMITS.maxReais * 100) throw new BadRequestError(text.amountMax);
    if (!options.orderId && amountCents < DEPOSIT_LIMITS.minReais * 100) {
      throw new BadRequestError(text.amountMin);
    }
  }

  async function createManual(
    userId: string,
    amountCents: number,
    options: CreateDepositOptions,
  ): Promise<CreateDepositResponse> {
    return withTransaction(db, async (trx) => {
      await deposits.lockUser(userId, trx);
      // Read in the deposit's own transaction: refuses before anything is stored without a key.
      const config = await readPaymentConfig(settings, trx);
      if (config.pixKey === '') {
        throw new ConflictError(text.pixNotConfigured, 'PIX_NOT_CONFIGURED');
      }
      await ensurePendingRoom(userId, trx);
      const reference = await uniqueReference(trx);
      const row = newRow(userId, amountCents, reference, options, {});
      await deposits.insert(row, trx);
      await options.attach?.(trx as Transaction<Database>, { id: row.id, reference });
      return {
        message: text.created,
        deposit: toDeposit(row),
        instructions: manualInstructions(config, amountCents, reference),
      };
    });
  }

  function newRow(
    userId: string,
    amountCents: number,
    reference: string,
    options: CreateDepositOptions,
    gatewayFields: Partial<DepositRow>,
    id: string = newId(),
  ): DepositRow {
    return {
      id,
      user_id: userId,
      amount_cents: amountCents,
      method: 'pix',
      reference,
      status: 'pending',
      reject_reason: null,
      decided_at: null,
      created_at: clock.now(),
      gateway: 'manual',
      order_id: options.orderId ?? null,
      gateway_payment_id: null,
      gateway_status: null,
      pix_code: null,
      expires_at: null,
      payer_email: null,
      payer_name: null,
      paid_at: null,
      refunded_at: null,
      uncovered_cents: null,
      flag: null,
      ...gatewayFields,
    };
  }

  /**
   * A Mercado Pago charge: created over HTTP first, outside any transaction (SQLite's writer is
   * never held across the call); only then is the deposit row written. A gateway that fails,
   * times out or answers garbage leaves no deposit (502).
   */
  async function createGateway(
    userId: string,
    amountCents: number,
    options: CreateDepositOptions,
    config: PaymentConfig,
  ): Promise<CreateDepositResponse> {
    if (config.accessToken === '') {
      throw new ConflictError(text.gatewayNotConfigured, 'PIX_NOT_CONFIGURED');
    }
    await ensurePendingRoom(userId, db);
    const email = await deposits.userEmail(userId);
    if (email === undefined) throw new NotFoundError();
    const id = newId();
    const reference = await uniqueReference(db);
    const now = clock.now();
    const expiresAt = now + DEPOSIT_LIMITS.gatewayExpiryMinutes * 60_000;
    let payment: MercadoPagoPayment;
    try {
      payment = await gateway.createPixPayment(
        config.accessToken,
        {
          transaction_amount: centsToReais(amountCents),
          description: options.description ?? text.gatewayDescription(reference),
          payment_method_id: 'pix',
          payer: { email },
          external_reference: reference,
          notification_url: webhookUrl,
          date_of_expiration: isoBrasilia(expiresAt),
        },
        id,
      );
    } catch (error) {
      log.warn({ err: error }, 'Mercado Pago charge not created');
      throw new BadGatewayError(text.gatewayUnavailable, 'PAYMENT_GATEWAY_UNAVAILABLE');
    }
    const paymentId = String(payment.id);
    const qrCode = payment.point_of_interaction?.transaction_data?.qr_code ?? '';
    if (payment.external_reference !== reference || paidCents(payment) !== amountCents) {
      log.warn({ paymentId }, 'Mercado Pago answered a charge that is not ours');
      throw new BadGatewayError(text.gatewayUnavailable, 'PAYMENT_GATEWAY_UNAVAILABLE');
    }
    const gatewayExpiry = payment.date_of_expiration ? Date.parse(payment.date_of_expiration) : NaN;
    const row = newRow(
      userId,
      amountCents,
      reference,
      options,
      {
        gateway: 'mercadopago',
        gateway_payment_id: paymentId,
        gateway_status: payerOf(payment, clock.now()).gatewayStatus,
        pix_code: qrCode,
        expires_at: Number.isFinite(gatewayExpiry) ? gatewayExpiry : expiresAt,
      },
      id,
    );
    try {
      return await withTransaction(db, async (trx) => {
        await deposits.lockUser(userId, trx);
        await ensurePendingRoom(userId, trx);
        await deposits.insert(row, trx);
        await options.attach?.(trx as Transaction<Database>, { id, reference });
        return {
          message: text.created,
          deposit: toDeposit(row),
          instructions: gatewayInstructions(row),
        };
      });
    } catch (error) {
      // Nothing stored: the charge must not stay payable.
      await gateway.cancelPayment(config.accessToken, paymentId).catch((cancelError: unknown) => {
        log.warn({ err: cancelError, paymentId }, 'orphan Mercado Pago charge not cancelled');
      });
      throw error;
    }
  }

  /** Why a manual deposit cannot be decided: unknown (404), automatic or decided (409). */
  async function undecidable(id: string, executor: Kysely<Database>): Promise<never> {
    const row = await deposits.find(id, executor);
    if (!row) throw new NotFoundError(text.notFound);
    if (row.gateway !== 'manual')
      throw new ConflictError(text.automaticDeposit, 'DEPOSIT_AUTOMATIC');
    if (row.status === 'approved') {
      throw new ConflictError(text.alreadyApproved, 'DEPOSIT_ALREADY_DECIDED');
    }
    if (row.status === 'rejected') {
      throw new ConflictError(text.alreadyRejected, 'DEPOSIT_ALREADY_DECIDED');
    }
    throw new ConflictError(text.alreadyClosed, 'DEPOSIT_ALREADY_DECIDED');
  }

  async function decided(
    id: string,
    executor: Kysely<Database>,
    message: string,
  ): Promise<DepositDecisionResponse> {
    const row = await deposits.find(id, executor);
    if (!row) throw new NotFoundError(text.notFound);
    return { message, deposit: toAdminDeposit(row) };
  }

  /** A pending charge closed unpaid: the order it was opened for reacts (cancelled). */
  async function recordClosed(
    trx: Kysely<Database>,
    depositId: string,
    closed: Changed,
    status: 'cancelled' | 'expired' | 'refunded',
  ): Promise<void> {
    await events.record(trx, 'deposit.closed', {
      depositId,
      userId: closed.user_id,
      reference: closed.reference,
      orderId: closed.order_id,
      status,
    });
  }

  async function usernameOf(id: string, executor: Kysely<Database>): Promise<string> {
    return (await deposits.find(id, executor))?.username ?? '';
  }

  /**
   * Applies the gateway's view of a payment (re-read from its API, never a webhook body) to its
   * deposit. Every change is conditional on the deposit's current status, in one transaction
   * with its ledger line, activity row and event: concurrent settlements change it once.
   */
  async function apply(
    row: SettlementRow,
    payment: MercadoPagoPayment,
    actor: Actor | null,
  ): Promise<SettleOutcome> {
    const now = clock.now();
    const state = payerOf(payment, now);
    switch (payment.status) {
      case 'approved': {
        if (row.status !== 'pending') {
          // A paid charge re-read for a late refund: still paid, only the read is noted.
          await deposits.noteGatewayState(row.id, state);
          return 'unchanged';
        }
        if (
          payment.external_reference !== row.reference ||
          paidCents(payment) !== row.amount_cents
        ) {
          return withTransaction(db, async (trx) => {
            await deposits.noteGatewayState(row.id, state, trx);
            const flagged = await deposits.flagPending(row.id, 'amount_mismatch', trx);
            if (!flagged) return 'unchanged';
            await activity.record(trx, actor, {
              type: 'deposit.amount_mismatch',
              action: text.logAmountMismatch(
                row.reference,
                await usernameOf(row.id, trx),
                paidText(payment),
                formatCents(row.amount_cents),
              ),
              target: `user:${row.user_id}`,
            });
            return 'flagged';
          });
        }
        return events.transaction(async (trx) => {
          await deposits.noteGatewayState(row.id, state, trx);
          const paid = await deposits.markPaid(row.id, now, trx);
          if (!paid) return 'unchanged';
          await balance.move(trx, {
            userId: paid.user_id,
            amountCents: paid.amount_cents,
            reason: text.reasonDeposit(paid.reference),
            actorId: actor?.userId ?? null,
          });
          await events.record(trx, 'deposit.paid', {
            depositId: row.id,
            userId: paid.user_id,
            amountCents: paid.amount_cents,
            reference: paid.reference,
            orderId: paid.order_id,
            gateway: 'mercadopago',
            by: null,
          });
          await activity.record(trx, actor, {
            type: 'deposit.paid',
            action: text.logPaid(
              paid.reference,
              await usernameOf(row.id, trx),
              formatCents(paid.amount_cents),
            ),
            target: `user:${paid.user_id}`,
          });
          return 'paid';
        });
      }
      case 'refunded':
      case 'charged_back': {
        if (row.status !== 'pending' && row.status !== 'approved') return 'unchanged';
        // Decided on the deposit as it is now, not as read before the gateway call: a settlement
        // that credited it meanwhile is taken back here, not skipped.
        return events.transaction(async (trx) => {
          await deposits.noteGatewayState(row.id, state, trx);
          // Never credited (a flagged mismatch the admin refunded): closed, nothing to take back.
          const closed = await deposits.closePending(row.id, 'refunded', now, trx);
          if (closed) {
            await recordClosed(trx, row.id, closed, 'refunded');
            return 'closed';
          }
          const refunded = await deposits.markRefunded(row.id, now, trx);
          if (!refunded) return 'unchanged';
          const reason =
            payment.status === 'charged_back'
              ? text.reasonChargeback(refunded.reference)
              : text.reasonRefund(refunded.reference);
          const debit = await balance.debitUpTo(trx, {
            userId: refunded.user_id,
            amountCents: refunded.amount_cents,
            reason,
            actorId: actor?.userId ?? null,
          });
          if (debit.uncoveredCents > 0) {
            await deposits.flagUncovered(row.id, debit.uncoveredCents, trx);
          }
          await events.record(trx, 'deposit.refunded', {
            depositId: row.id,
            userId: refunded.user_id,
            amountCents: refunded.amount_cents,
            reference: refunded.reference,
            orderId: refunded.order_id,
            balanceAfterCents: debit.balanceAfterCents - debit.uncoveredCents,
          });
          await activity.record(trx, actor, {
            type: 'deposit.refunded',
            action: text.logRefunded(
              refunded.reference,
              await usernameOf(row.id, trx),
              formatCents(debit.debitedCents),
            ),
            target: `user:${refunded.user_id}`,
          });
          return 'refunded';
        });
      }
      case 'cancelled':
      case 'rejected':
      case 'expired': {
        if (row.status !== 'pending') return 'unchanged';
        const status =
          payment.status === 'expired' || payment.status_detail === 'expired'
            ? 'expired'
            : 'cancelled';
        return events.transaction(async (trx) => {
          await deposits.noteGatewayState(row.id, state, trx);
          const closed = await deposits.closePending(row.id, status, now, trx);
          if (!closed) return 'unchanged';
          await recordClosed(trx, row.id, closed, status);
          if (actor) {
            await activity.record(trx, actor, {
              type: 'deposit.cancelled',
              action: text.logCancelled(closed.reference, await usernameOf(row.id, trx)),
              target: `user:${closed.user_id}`,
            });
          }
          return 'closed';
        });
      }
      default:
        await deposits.noteGatewayState(row.id, state);
        return 'pending';
    }
  }

  /**
   * The one settlement path of a gateway payment (webhook handler, poll, admin actions): re-reads
   * the payment from Mercado Pago and applies it. Throws when the gateway cannot be read (the
   * caller retries: the outbox with backoff, the poll at its next round).
   */
  async function settle(paymentId: string, actor: Actor | null = null): Promise<SettleOutcome> {
    const row = await deposits.findByGatewayPayment(paymentId);
    if (!row) return 'unknown';
    const config = await readPaymentConfig(settings, db);
    if (config.accessToken === '') return 'unconfigured';
    const payment = await gateway.getPayment(config.accessToken, paymentId);
    if (!payment || String(payment.id) !== paymentId) return 'unknown';
    return apply(row, payment, actor);
  }

  async function gatewayDeposit(id: string) {
    const row = await deposits.find(id);
    if (!row) throw new NotFoundError(text.notFound);
    if (row.gateway !== 'mercadopago' || row.gateway_payment_id === null) {
      throw new ConflictError(text.notGatewayDeposit, 'DEPOSIT_NOT_GATEWAY');
    }
    const config = await readPaymentConfig(settings, db);
    if (config.accessToken === '') {
      throw new ConflictError(text.gatewayNotConfigured, 'PIX_NOT_CONFIGURED');
    }
    return { row, paymentId: row.gateway_payment_id, token: config.accessToken };
  }

  async function paymentSettings(): Promise<PaymentSettings> {
    const config = await readPaymentConfig(settings, db);
    return {
      mode: config.mode,
      pix_key: config.pixKey,
      pix_beneficiary: config.beneficiary,
      pix_city: config.city,
      mercadopago_access_token: maskSecret(config.accessToken),
      mercadopago_webhook_secret: maskSecret(config.webhookSecret),
      webhook_url: webhookUrl,
    };
  }

  return {
    async availability(): Promise<DepositAvailability> {
      const config = await readPaymentConfig(settings, db);
      return {
        pix: config.mode === 'mercadopago' ? config.accessToken !== '' : config.pixKey !== '',
      };
    },

    /**
     * Opens a pending deposit with a unique reference and answers how to pay it: a BR Code to
     * the admin's key (manual mode), or a Mercado Pago charge. `options.attach` runs in the
     * transaction that inserts the deposit row.
     */
    async create(
      userId: string,
      amountCents: number,
      options: CreateDepositOptions = {},
    ): Promise<CreateDepositResponse> {
      validateAmount(amountCents, options);
      const config = await readPaymentConfig(settings, db);
      return config.mode === 'mercadopago'
        ? createGateway(userId, amountCents, options, config)
        : createManual(userId, amountCents, options);
    },

    async list(userId: string, query: DepositsQuery): Promise<DepositsPage> {
      const { rows, total } = await deposits.pageForUser(
        userId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toDeposit), total, page: query.page, pageSize: query.pageSize };
    },

    /** One own deposit; while pending, how to pay it (while it can still be paid). */
    async detail(userId: string, id: string): Promise<DepositDetail> {
      const row = await deposits.findOwn(userId, id);
      if (!row) throw new NotFoundError(text.notFound);
      let instructions: PaymentInstructions | null = null;
      if (row.status === 'pending' && row.flag === null) {
        if (row.gateway === 'mercadopago') {
          const open = row.expires_at === null || Number(row.expires_at) > clock.now();
          if (open && row.pix_code) instructions = gatewayInstructions(row);
        } else {
          const config = await readPaymentConfig(settings, db);
          if (config.pixKey !== '') {
            instructions = manualInstructions(config, Number(row.amount_cents), row.reference);
          }
        }
      }
      return { deposit: toDeposit(row), instructions };
    },

    /** Every deposit matching the admin list's filters as CSV, newest first (header first). */
    async *adminExportCsv(query: AdminDepositsExportQuery): AsyncGenerator<string> {
      yield (
        UTF8_BOM +
        csvLine([
          'referencia',
          'usuario',
          'email',
          'valor',
          'status',
          'gateway',
          'criado_em',
          'decidido_em',
          'decidido_por',
        ])
      );
      for (let offset = 0; offset < DEPOSITS_CSV_MAX_ROWS; offset += DEPOSITS_CSV_BATCH) {
        const { rows } = await deposits.adminPage(
          query.status,
          query.q,
          DEPOSITS_CSV_BATCH,
          offset,
        );
        yield rows
          .map((row) =>
            csvLine([
              row.reference,
              row.username,
              row.email ?? '',
              centsToReais(Number(row.amount_cents)).toFixed(2),
              row.status,
              row.gateway,
              new Date(Number(row.created_at)).toISOString(),
              row.decided_at === null ? '' : new Date(Number(row.decided_at)).toISOString(),
              row.decided_by ?? '',
            ]),
          )
          .join('');
        if (rows.length < DEPOSITS_CSV_BATCH) return;
      }
    },

    async adminList(query: AdminDepositsQuery): Promise<AdminDepositsPage> {
      const { rows, total } = await deposits.adminPage(
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

    /**
     * Credits a pending manual deposit: the status change is conditional (only from pending) and
     * in the same transaction as the balance movement, so a deposit is credited exactly once.
     */
    async approve(actor: Actor, id: string): Promise<DepositDecisionResponse> {
      return events.transaction(async (trx) => {
        const deposit = await deposits.decide(
          id,
          {
            status: 'approved',
            decidedBy: actor.userId,
            decidedAt: clock.now(),
            rejectReason: null,
          },
          trx,
        );
        if (!deposit) return undecidable(id, trx);
        const amount = formatCents(deposit.amount_cents);
        await balance.move(trx, {
          userId: deposit.user_id,
          amountCents: deposit.amount_cents,
          reason: text.reasonDeposit(deposit.reference),
          actorId: actor.userId,
        });
        await events.record(trx, 'deposit.paid', {
          depositId: id,
          userId: deposit.user_id,
          amountCents: deposit.amount_cents,
          reference: deposit.reference,
          orderId: deposit.order_id,
          gateway: 'manual',
          by: actor.userId,
        });
        const result = await decided(id, trx, text.approved);
        await activity.record(trx, actor, {
          type: 'deposit.approved',
          action: text.logApproved(deposit.reference, result.deposit.user.username, amount),
          target: `user:${deposit.user_id}`,
        });
        return result;
      });
    },

    async reject(actor: Actor, id: string, reason: string): Promise<DepositDecisionResponse> {
      return events.transaction(async (trx) => {
        const deposit = await deposits.decide(
          id,
          {
            status: 'rejected',
            decidedBy: actor.userId,
            decidedAt: clock.now(),
            rejectReason: reason,
          },
          trx,
        );
        if (!deposit) return undecidable(id, trx);
        const amount = formatCents(deposit.amount_cents);
        await events.record(trx, 'deposit.rejected', {
          depositId: id,
          userId: deposit.user_id,
          amountCents: deposit.amount_cents,
          reference: deposit.reference,
          reason,
          by: actor.userId,
        });
        const result = await decided(id, trx, text.rejected);
        await activity.record(trx, actor, {
          type: 'deposit.rejected',
          action: text.logRejected(deposit.reference, result.deposit.user.username, amount),
          target: `user:${deposit.user_id}`,
        });
        return result;
      });
    },

    settle: (paymentId: string) => settle(paymentId),

    /**
     * Accepts a signature-checked webhook notification once per x-request-id: schedules the
     * settlement (`payment.notified`, handled after commit) when the payment is one of ours.
     * False for a replayed request id.
     */
    async notified(paymentId: string, requestId: string, ts: number): Promise<boolean> {
      const now = clock.now();
      return events.transaction(async (trx) => {
        const fresh = await deposits.rememberWebhookRequest(
          { requestId, ts, receivedAt: now, pruneBefore: now - 24 * 60 * 60_000 },
          trx,
        );
        if (!fresh) return false;
        // Unknown payments: accepted (MP stops retrying), nothing scheduled.
        if (await deposits.findByGatewayPayment(paymentId, trx)) {
          await events.record(trx, 'payment.notified', { gateway: 'mercadopago', paymentId });
        }
        return true;
      });
    },

    /** The webhook secret, for the signature check (empty: every notification is refused). */
    async webhookSecret(): Promise<string> {
      return (await readPaymentConfig(settings, db)).webhookSecret;
    },

    /** Cancels a pending Mercado Pago charge there, then here (the same settlement path). */
    async cancel(actor: Actor, id: string): Promise<DepositDecisionResponse> {
      const { row, paymentId, token } = await gatewayDeposit(id);
      if (row.status !== 'pending') throw new ConflictError(text.notPending, 'DEPOSIT_NOT_PENDING');
      try {
        await gateway.cancelPayment(token, paymentId);
      } catch (error) {
        log.warn({ err: error, paymentId }, 'Mercado Pago charge not cancelled');
        // It may have been paid meanwhile: settle what it is now.
        await settle(paymentId, actor).catch(() => undefined);
        // Paid (or closed) meanwhile: a decided deposit (409), not a gateway failure.
        const now = await deposits.find(id);
        if (now && now.status !== 'pending') {
          throw new ConflictError(text.notPending, 'DEPOSIT_NOT_PENDING');
        }
        throw new BadGatewayError(text.gatewayActionFailed, 'PAYMENT_GATEWAY_UNAVAILABLE');
      }
      await settle(paymentId, actor).catch((error: unknown) => {
        log.warn({ err: error, paymentId }, 'cancelled charge not re-read');
      });
      return decided(id, db, text.cancelled);
    },

    /** Refunds a paid Mercado Pago deposit there, then takes it back here (settlement path). */
    async refund(actor: Actor, id: string): Promise<DepositDecisionResponse> {
      const { row, paymentId, token } = await gatewayDeposit(id);
      const refundable =
        row.status === 'approved' || (row.status === 'pending' && row.flag === 'amount_mismatch');
      if (row.status === 'refunded') {
        throw new ConflictError(text.alreadyRefunded, 'DEPOSIT_NOT_REFUNDABLE');
      }
      if (!refundable) throw new ConflictError(text.notRefundable, 'DEPOSIT_NOT_REFUNDABLE');
      try {
        await gateway.refundPayment(token, paymentId);
      } catch (error) {
        log.warn({ err: error, paymentId }, 'Mercado Pago refund failed');
        // Refunded meanwhile (a second click, the payer's bank): settle it, then say so (409).
        await settle(paymentId, actor).catch(() => undefined);
        const now = await deposits.find(id);
        if (now && now.status === 'refunded') {
          throw new ConflictError(text.alreadyRefunded, 'DEPOSIT_NOT_REFUNDABLE');
        }
        throw new BadGatewayError(text.gatewayActionFailed, 'PAYMENT_GATEWAY_UNAVAILABLE');
      }
      await settle(paymentId, actor).catch((error: unknown) => {
        log.warn({ err: error, paymentId }, 'refunded payment not re-read');
      });
      return decided(id, db, text.refunded);
    },

    paymentSettings,

    /**
     * Saves every field; an empty or absent secret keeps the stored one, null clears it. The
     * Mercado Pago mode needs both credentials.
     */
    async updatePaymentSettings(
      actor: Actor,
      body: PaymentSettingsUpdate,
    ): Promise<PaymentSettingsResponse> {
      const now = clock.now();
      await withTransaction(db, async (trx) => {
        const stored = await readPaymentConfig(settings, trx);
        const next = (input: string | null | undefined, current: string) =>
          input === null ? '' : input === undefined || input === '' ? current : input;
        const accessToken = next(body.mercadopago_access_token, stored.accessToken);
        const webhookSecret = next(body.mercadopago_webhook_secret, stored.webhookSecret);
        if (body.mode === 'mercadopago' && (accessToken === '' || webhookSecret === '')) {
          throw new BadRequestError(text.gatewayCredentialsRequired, 'VALIDATION_ERROR');
        }
        await settings.set('payment_mode', body.mode, now, trx);
        await settings.set('pix_key', body.pix_key, now, trx);
        await settings.set('pix_beneficiary', body.pix_beneficiary, now, trx);
        await settings.set('pix_city', body.pix_city, now, trx);
        await settings.set('mercadopago_access_token', accessToken, now, trx);
        await settings.set('mercadopago_webhook_secret', webhookSecret, now, trx);
        if (body.pix_key !== stored.pixKey) {
          await activity.record(trx, actor, {
            type: 'payment.settings_changed',
            action:
              body.pix_key === ''
                ? text.logPaymentSettingsCleared
                : text.logPaymentSettings(body.pix_key),
            target: 'settings:payment',
          });
        }
        if (body.mode !== stored.mode) {
          await activity.record(trx, actor, {
            type: 'payment.settings_changed',
            action: text.logPaymentMode(body.mode),
            target: 'settings:payment',
          });
        }
        if (accessToken !== stored.accessToken || webhookSecret !== stored.webhookSecret) {
          await activity.record(trx, actor, {
            type: 'payment.settings_changed',
            action: text.logGatewayCredentials,
            target: 'settings:payment',
          });
        }
      });
      const saved = await paymentSettings();
      const off = saved.mode === 'manual' && saved.pix_key === '';
      return {
        message: off ? text.paymentSettingsCleared : text.paymentSettingsSaved,
        ...saved,
      };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
