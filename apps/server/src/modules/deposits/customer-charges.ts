import { randomInt } from 'node:crypto';
import type {
  CreateDepositResponse,
  DepositAvailability,
  DepositDetail,
  DepositsPage,
  DepositsQuery,
  PaymentInstructions,
} from '@chaveiro/contract';
import { DEPOSIT_LIMITS, centsToReais, messages } from '@chaveiro/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/core/clock.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import {
  BadGatewayError,
  BadRequestError,
  ConflictError,
  NotFoundError,
} from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { SettingsRepository } from '../settings/index.js';
import { buildBrCode } from './br-code.js';
import { iso, toDeposit } from './deposit-rows.js';
import type { DepositRow, DepositsRepository } from './deposits-repository.js';
import { gatewayStateOf, paidCents } from './gateway-payment.js';
import type { MercadoPagoClient, MercadoPagoPayment } from './mercadopago-client.js';
import { isoBrasilia } from './mercadopago-client.js';
import type { PaymentConfig } from './payment-config.js';
import { readPaymentConfig } from './payment-config.js';

const text = messages.deposits;

/** Unambiguous characters only (no 0/O, 1/I/L), so a reference survives being read aloud. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 8;

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

export interface CustomerChargesDeps extends Pick<AppContext, 'db' | 'clock'> {
  deposits: Pick<
    DepositsRepository,
    | 'insert'
    | 'userEmail'
    | 'referenceTaken'
    | 'lockUser'
    | 'countPending'
    | 'pageForUser'
    | 'findOwn'
  >;
  /** The payment rows, read in the deposit's transaction. */
  settings: Pick<SettingsRepository, 'getAll'>;
  gateway: Pick<MercadoPagoClient, 'createPixPayment' | 'cancelPayment'>;
  /** `${PUBLIC_URL}/api/payments/mercadopago/webhook`, sent as each charge's notification_url. */
  webhookUrl: string;
  log: { warn(details: object, message: string): void };
}

function newReference(): string {
  let reference = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) {
    reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return reference;
}

async function uniqueReference(
  deps: CustomerChargesDeps,
  executor: Kysely<Database>,
): Promise<string> {
  // 31^8 codes: a repeat is rare enough that a few draws always find a free one.
  for (;;) {
    const reference = newReference();
    if (!(await deps.deposits.referenceTaken(reference, executor))) return reference;
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

async function ensurePendingRoom(
  deps: CustomerChargesDeps,
  userId: string,
  executor: Kysely<Database>,
): Promise<void> {
  if ((await deps.deposits.countPending(userId, executor)) >= DEPOSIT_LIMITS.pendingMax) {
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

/** A new pending deposit's row; a gateway charge adds its own fields. */
function newRow(
  clock: Clock,
  charge: { userId: string; amountCents: number; reference: string },
  options: CreateDepositOptions,
  gatewayFields: Partial<DepositRow>,
  id: string = newId(),
): DepositRow {
  return {
    id,
    user_id: charge.userId,
    amount_cents: charge.amountCents,
    method: 'pix',
    reference: charge.reference,
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

async function createManual(
  deps: CustomerChargesDeps,
  userId: string,
  amountCents: number,
  options: CreateDepositOptions,
): Promise<CreateDepositResponse> {
  return withTransaction(deps.db, async (trx) => {
    await deps.deposits.lockUser(userId, trx);
    // Read in the deposit's own transaction: refuses before anything is stored without a key.
    const config = await readPaymentConfig(deps.settings, trx);
    if (config.pixKey === '') {
      throw new ConflictError(text.pixNotConfigured, 'PIX_NOT_CONFIGURED');
    }
    await ensurePendingRoom(deps, userId, trx);
    const reference = await uniqueReference(deps, trx);
    const row = newRow(deps.clock, { userId, amountCents, reference }, options, {});
    await deps.deposits.insert(row, trx);
    await options.attach?.(trx as Transaction<Database>, { id: row.id, reference });
    return {
      message: text.created,
      deposit: toDeposit(row),
      instructions: manualInstructions(config, amountCents, reference),
    };
  });
}

/** A Mercado Pago charge not stored yet: its deposit's id and reference, and the payment. */
interface OpenedCharge {
  id: string;
  reference: string;
  payment: MercadoPagoPayment;
  /** The expiry asked of the gateway, kept when its answer has none. */
  expiresAt: number;
}

/** Creates the charge at Mercado Pago (502 when it fails or answers a charge not ours). */
async function openGatewayCharge(
  deps: CustomerChargesDeps,
  userId: string,
  amountCents: number,
  options: CreateDepositOptions,
  accessToken: string,
): Promise<OpenedCharge> {
  await ensurePendingRoom(deps, userId, deps.db);
  const email = await deps.deposits.userEmail(userId);
  if (email === undefined) throw new NotFoundError();
  const id = newId();
  const reference = await uniqueReference(deps, deps.db);
  const expiresAt = deps.clock.now() + DEPOSIT_LIMITS.gatewayExpiryMinutes * 60_000;
  let payment: MercadoPagoPayment;
  try {
    payment = await deps.gateway.createPixPayment(
      accessToken,
      {
        transaction_amount: centsToReais(amountCents),
        description: options.description ?? text.gatewayDescription(reference),
        payment_method_id: 'pix',
        payer: { email },
        external_reference: reference,
        notification_url: deps.webhookUrl,
        date_of_expiration: isoBrasilia(expiresAt),
      },
      id,
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'Mercado Pago charge not created');
    throw new BadGatewayError(text.gatewayUnavailable, 'PAYMENT_GATEWAY_UNAVAILABLE');
  }
  if (payment.external_reference !== reference || paidCents(payment) !== amountCents) {
    deps.log.warn(
      { paymentId: String(payment.id) },
      'Mercado Pago answered a charge that is not ours',
    );
    throw new BadGatewayError(text.gatewayUnavailable, 'PAYMENT_GATEWAY_UNAVAILABLE');
  }
  return { id, reference, payment, expiresAt };
}

/**
 * A Mercado Pago charge: created over HTTP first, outside any transaction (SQLite's writer is
 * never held across the call); only then is the deposit row written. A gateway that fails,
 * times out or answers garbage leaves no deposit (502).
 */
async function createGateway(
  deps: CustomerChargesDeps,
  userId: string,
  amountCents: number,
  options: CreateDepositOptions,
  config: PaymentConfig,
): Promise<CreateDepositResponse> {
  if (config.accessToken === '') {
    throw new ConflictError(text.gatewayNotConfigured, 'PIX_NOT_CONFIGURED');
  }
  const opened = await openGatewayCharge(deps, userId, amountCents, options, config.accessToken);
  const { id, reference, payment } = opened;
  const paymentId = String(payment.id);
  const gatewayExpiry = payment.date_of_expiration ? Date.parse(payment.date_of_expiration) : NaN;
  const row = newRow(
    deps.clock,
    { userId, amountCents, reference },
    options,
    {
      gateway: 'mercadopago',
      gateway_payment_id: paymentId,
      gateway_status: gatewayStateOf(payment, deps.clock.now()).gatewayStatus,
      pix_code: payment.point_of_interaction?.transaction_data?.qr_code ?? '',
      expires_at: Number.isFinite(gatewayExpiry) ? gatewayExpiry : opened.expiresAt,
    },
    id,
  );
  try {
    return await withTransaction(deps.db, async (trx) => {
      await deps.deposits.lockUser(userId, trx);
      await ensurePendingRoom(deps, userId, trx);
      await deps.deposits.insert(row, trx);
      await options.attach?.(trx as Transaction<Database>, { id, reference });
      return {
        message: text.created,
        deposit: toDeposit(row),
        instructions: gatewayInstructions(row),
      };
    });
  } catch (error) {
    // Nothing stored: the charge must not stay payable.
    await deps.gateway
      .cancelPayment(config.accessToken, paymentId)
      .catch((cancelError: unknown) => {
        deps.log.warn({ err: cancelError, paymentId }, 'orphan Mercado Pago charge not cancelled');
      });
    throw error;
  }
}

/**
 * Opens a pending deposit with a unique reference and answers how to pay it: a BR Code to
 * the admin's key (manual mode), or a Mercado Pago charge. `options.attach` runs in the
 * transaction that inserts the deposit row.
 */
async function create(
  deps: CustomerChargesDeps,
  userId: string,
  amountCents: number,
  options: CreateDepositOptions,
): Promise<CreateDepositResponse> {
  validateAmount(amountCents, options);
  const config = await readPaymentConfig(deps.settings, deps.db);
  return config.mode === 'mercadopago'
    ? createGateway(deps, userId, amountCents, options, config)
    : createManual(deps, userId, amountCents, options);
}

/** One own deposit; while pending, how to pay it (while it can still be paid). */
async function detail(
  deps: CustomerChargesDeps,
  userId: string,
  id: string,
): Promise<DepositDetail> {
  const row = await deps.deposits.findOwn(userId, id);
  if (!row) throw new NotFoundError(text.notFound);
  let instructions: PaymentInstructions | null = null;
  if (row.status === 'pending' && row.flag === null) {
    if (row.gateway === 'mercadopago') {
      const open = row.expires_at === null || Number(row.expires_at) > deps.clock.now();
      if (open && row.pix_code) instructions = gatewayInstructions(row);
    } else {
      const config = await readPaymentConfig(deps.settings, deps.db);
      if (config.pixKey !== '') {
        instructions = manualInstructions(config, Number(row.amount_cents), row.reference);
      }
    }
  }
  return { deposit: toDeposit(row), instructions };
}

/**
 * The customer's deposits: whether PIX takes payments now, opening one (a BR Code to the admin's
 * key, or a Mercado Pago charge), and reading their own.
 */
export function createCustomerCharges(deps: CustomerChargesDeps) {
  return {
    async availability(): Promise<DepositAvailability> {
      const config = await readPaymentConfig(deps.settings, deps.db);
      return {
        pix: config.mode === 'mercadopago' ? config.accessToken !== '' : config.pixKey !== '',
      };
    },

    create: (userId: string, amountCents: number, options: CreateDepositOptions = {}) =>
      create(deps, userId, amountCents, options),

    async list(userId: string, query: DepositsQuery): Promise<DepositsPage> {
      const { rows, total } = await deps.deposits.pageForUser(
        userId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toDeposit), total, page: query.page, pageSize: query.pageSize };
    },

    detail: (userId: string, id: string) => detail(deps, userId, id),
  };
}

export type CustomerCharges = ReturnType<typeof createCustomerCharges>;
