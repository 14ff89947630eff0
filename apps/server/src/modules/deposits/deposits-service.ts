import { randomInt } from 'node:crypto';
import type {
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
  PaymentSettingsResponse,
} from '@chaveiro/contract';
import { DEPOSIT_LIMITS, centsToReais, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import { ConflictError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { formatCents } from '../../platform/pt-br.js';
import type { Actor } from '../../platform/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { SettingsRepository } from '../settings/index.js';
import type { AdminDepositRow, DepositRow, DepositsRepository } from './deposits-repository.js';
import { UnprocessableError } from '../../platform/errors.js';
import type { PaymentProvider, PixInstructions } from './payment-provider.js';

const text = messages.deposits;

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
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    amount: centsToReais(Number(row.amount_cents)),
    method: row.method,
    reference: row.reference,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: iso(row.decided_at),
  };
}

function toAdminDeposit(row: AdminDepositRow): AdminDeposit {
  return {
    ...toDeposit(row),
    user: { id: row.user_id, username: row.username, email: row.email },
    decided_by: row.decided_by,
  };
}

function toInstructions(instructions: PixInstructions): PaymentInstructions {
  return {
    method: instructions.method,
    pix_key: instructions.pixKey,
    beneficiary: instructions.beneficiary,
    amount: centsToReais(instructions.amountCents),
    reference: instructions.reference,
  };
}

export interface DepositsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  deposits: DepositsRepository;
  provider: PaymentProvider;
  settings: SettingsRepository;
  balance: BalanceService;
  activity: ActivityService;
  /**
   * Decisions record `deposit.approved` or `deposit.rejected` in their transaction (the
   * customer's notice reacts).
   */
  events: EventRecorder;
}

/** What a deposit may carry beside its amount (a PIX checkout's order). */
export interface CreateDepositOptions {
  /** The order it pays: no R$ 5,00 minimum (any amount up to the maximum). */
  orderId?: string;
  /** What the payer sees the charge as (a gateway's description). */
  description?: string;
  /** Runs in the transaction that inserts the deposit row (the order row goes with it). */
  attach?: (trx: Kysely<Database>, deposit: { id: string; reference: string }) => Promise<void>;
}

/**
 * Balance deposits: the customer opens one and pays it through the payment provider; the admin
 * (or, later, a gateway) approves it, which credits the balance exactly once.
 */
export function createDepositsService({
  db,
  clock,
  deposits,
  provider,
  settings,
  balance,
  activity,
  events,
}: DepositsServiceDeps) {
  async function uniqueReference(executor: Kysely<Database>): Promise<string> {
    // 31^8 codes: a repeat is rare enough that a few draws always find a free one.
    for (;;) {
      const reference = newReference();
      if (!(await deposits.referenceTaken(reference, executor))) return reference;
    }
  }

  /** Why a deposit cannot be decided: unknown (404) or already decided (409). */
  async function undecidable(id: string, executor: Kysely<Database>): Promise<never> {
    const row = await deposits.find(id, executor);
    if (!row) throw new NotFoundError(text.notFound);
    throw row.status === 'approved'
      ? new ConflictError(text.alreadyApproved, 'DEPOSIT_ALREADY_DECIDED')
      : new ConflictError(text.alreadyRejected, 'DEPOSIT_ALREADY_DECIDED');
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

  return {
    async availability(): Promise<DepositAvailability> {
      return { pix: await provider.isAvailable() };
    },

    /**
     * Opens a pending deposit with a unique reference and answers how to pay it. The customer
     * route validates a plain deposit's amount; one paying an order may be any amount up to the
     * maximum.
     */
    async create(
      userId: string,
      amountCents: number,
      options: CreateDepositOptions = {},
    ): Promise<CreateDepositResponse> {
      if (amountCents < 1 || amountCents > DEPOSIT_LIMITS.maxReais * 100) {
        throw new UnprocessableError(text.amountMax, 'VALIDATION_ERROR');
      }
      return withTransaction(db, async (trx) => {
        await deposits.lockUser(userId, trx);
        const reference = await uniqueReference(trx);
        // Refuses before anything is stored when the method cannot take payments now.
        const instructions = await provider.instructions({ amountCents, reference }, trx);
        if ((await deposits.countPending(userId, trx)) >= DEPOSIT_LIMITS.pendingMax) {
          throw new ConflictError(
            text.tooManyPending(DEPOSIT_LIMITS.pendingMax),
            'TOO_MANY_PENDING_DEPOSITS',
          );
        }
        const row: DepositRow = {
          id: newId(),
          user_id: userId,
          amount_cents: amountCents,
          method: provider.method,
          reference,
          status: 'pending',
          reject_reason: null,
          decided_at: null,
          created_at: clock.now(),
          order_id: options.orderId ?? null,
        };
        await deposits.insert(
          {
            id: row.id,
            userId,
            amountCents,
            method: row.method,
            reference,
            createdAt: row.created_at,
            orderId: row.order_id,
          },
          trx,
        );
        await options.attach?.(trx, { id: row.id, reference });
        return {
          message: text.created,
          deposit: toDeposit(row),
          instructions: toInstructions(instructions),
        };
      });
    },

    async list(userId: string, query: DepositsQuery): Promise<DepositsPage> {
      const { rows, total } = await deposits.pageForUser(
        userId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toDeposit), total, page: query.page, pageSize: query.pageSize };
    },

    /** One own deposit; while pending, how to pay it (when the method still takes payments). */
    async detail(userId: string, id: string): Promise<DepositDetail> {
      const row = await deposits.findOwn(userId, id);
      if (!row) throw new NotFoundError(text.notFound);
      const request = { amountCents: Number(row.amount_cents), reference: row.reference };
      const instructions =
        row.status === 'pending' && (await provider.isAvailable())
          ? toInstructions(await provider.instructions(request))
          : null;
      return { deposit: toDeposit(row), instructions };
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
     * Credits a pending deposit: the status change is conditional (only from pending) and in the
     * same transaction as the balance movement, so a deposit is credited exactly once.
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
        await events.record(trx, 'deposit.approved', {
          depositId: id,
          userId: deposit.user_id,
          amountCents: deposit.amount_cents,
          reference: deposit.reference,
          by: actor.userId,
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
          action: text.logRejected(deposit.reference, result.deposit.user.username, amount),
          target: `user:${deposit.user_id}`,
        });
        return result;
      });
    },

    async paymentSettings(): Promise<{ pix_key: string; pix_beneficiary: string }> {
      const [pixKey, beneficiary] = await Promise.all([
        settings.get('pix_key'),
        settings.get('pix_beneficiary'),
      ]);
      return { pix_key: pixKey ?? '', pix_beneficiary: beneficiary ?? '' };
    },

    async updatePaymentSettings(
      actor: Actor,
      body: { pix_key: string; pix_beneficiary: string },
    ): Promise<PaymentSettingsResponse> {
      const now = clock.now();
      await withTransaction(db, async (trx) => {
        await settings.set('pix_key', body.pix_key, now, trx);
        await settings.set('pix_beneficiary', body.pix_beneficiary, now, trx);
        await activity.record(trx, actor, {
          action:
            body.pix_key === ''
              ? text.logPaymentSettingsCleared
              : text.logPaymentSettings(body.pix_key),
          target: 'settings:payment',
        });
      });
      return {
        message: body.pix_key === '' ? text.paymentSettingsCleared : text.paymentSettingsSaved,
        ...body,
      };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
