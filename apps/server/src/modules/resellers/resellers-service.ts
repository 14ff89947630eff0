import type {
  BalanceResponse,
  CreateResellerInput,
  CreateResellerResponse,
  LedgerPage,
  LedgerQuery,
  ResellersPage,
  ResellersQuery,
} from '@chaveiro/contract';
import { centsToReais, messages, reaisToCents } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import { ConflictError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Actor } from '../activity/activity-service.js';
import { createActivityService } from '../activity/activity-service.js';
import { createUsersRepository } from '../users/users-repository.js';
import { createResellersRepository } from './resellers-repository.js';

const text = messages.resellers;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ text for activity lines; `signed` shows + on additions. */
function money(cents: number, signed = false): string {
  const formatted = brl.format(centsToReais(Math.abs(cents)));
  if (cents < 0) return `-${formatted}`;
  return signed ? `+${formatted}` : formatted;
}

/** Admin resellers (spec §2 Admin resellers, §7): creation, promotion and the balance. */
export function createResellersService(ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>) {
  const { db, clock } = ctx;
  const resellers = createResellersRepository(db, ctx.dialect);
  const users = createUsersRepository(db);
  const activity = createActivityService(ctx);

  async function assertNamesFree(username: string, email: string): Promise<void> {
    const taken = await users.findTakenNames(username, email);
    if (taken.username) throw new ConflictError(messages.auth.usernameTaken, 'USERNAME_TAKEN');
    if (taken.email) throw new ConflictError(messages.auth.emailTaken, 'EMAIL_TAKEN');
  }

  /** Every balance change leaves a ledger line in the same transaction. */
  async function record(
    trx: Kysely<Database>,
    entry: { userId: string; actor: Actor; amountCents: number; reason: string; after: number },
  ): Promise<void> {
    await resellers.insertLedger(
      {
        id: newId(),
        userId: entry.userId,
        actorId: entry.actor.userId,
        amountCents: entry.amountCents,
        reason: entry.reason,
        balanceAfterCents: entry.after,
        createdAt: clock.now(),
      },
      trx,
    );
  }

  async function createNew(
    body: Extract<CreateResellerInput, { type: 'new' }>,
    actor: Actor,
  ): Promise<CreateResellerResponse> {
    await assertNamesFree(body.username, body.email);
    const passwordHash = await hashPassword(body.password);
    const id = newId();
    const initialCents = reaisToCents(body.initialBalance);
    try {
      await withTransaction(db, async (trx) => {
        // Admin-created, so already verified (like the console's own user creation).
        await users.insert(
          {
            id,
            username: body.username,
            email: body.email,
            password_hash: passwordHash,
            role: 'reseller',
            status: 'active',
            email_verified_at: clock.now(),
            balance_cents: initialCents,
            created_at: clock.now(),
          },
          trx,
        );
        if (initialCents > 0) {
          await record(trx, {
            userId: id,
            actor,
            amountCents: initialCents,
            reason: text.reasonInitial,
            after: initialCents,
          });
        }
        await activity.record(trx, actor, {
          action: text.logCreated(body.username, money(initialCents)),
          target: `user:${id}`,
        });
      });
    } catch (error) {
      // Two creations racing for one name: the unique index decides, the loser gets the 409.
      await assertNamesFree(body.username, body.email);
      throw error;
    }
    return { message: text.created, id, balance: centsToReais(initialCents) };
  }

  async function promote(
    body: Extract<CreateResellerInput, { type: 'existing' }>,
    actor: Actor,
  ): Promise<CreateResellerResponse> {
    const initialCents = reaisToCents(body.initialBalance);
    const balance = await withTransaction(db, async (trx) => {
      const user = await users.findById(body.userId, trx);
      if (!user) throw new NotFoundError(messages.admin.userNotFound);
      const after = await resellers.promoteClient(user.id, initialCents, trx);
      if (after === undefined) throw new ConflictError(text.notAClient, 'NOT_A_CLIENT');
      if (initialCents > 0) {
        await record(trx, {
          userId: user.id,
          actor,
          amountCents: initialCents,
          reason: text.reasonInitial,
          after,
        });
      }
      await activity.record(trx, actor, {
        action: text.logPromoted(user.username, money(initialCents)),
        target: `user:${user.id}`,
      });
      return after;
    });
    return { message: text.promoted, id: body.userId, balance: centsToReais(balance) };
  }

  return {
    async list(query: ResellersQuery): Promise<ResellersPage> {
      const { rows, total } = await resellers.page(
        query.q,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          username: row.username,
          email: row.email,
          balance: centsToReais(row.balance_cents),
          status: row.status,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    create(body: CreateResellerInput, actor: Actor): Promise<CreateResellerResponse> {
      return body.type === 'new' ? createNew(body, actor) : promote(body, actor);
    },

    /** Adds (positive) or removes (negative) reais; a result below zero changes nothing (409). */
    async adjustBalance(id: string, amount: number, actor: Actor): Promise<BalanceResponse> {
      const deltaCents = reaisToCents(amount);
      const balance = await withTransaction(db, async (trx) => {
        const after = await resellers.adjustBalance(id, deltaCents, trx);
        if (after === undefined) {
          const user = await users.findById(id, trx);
          if (user?.role !== 'reseller') throw new NotFoundError(text.notFound);
          throw new ConflictError(text.insufficientBalance, 'INSUFFICIENT_BALANCE');
        }
        const user = await users.findById(id, trx);
        await record(trx, {
          userId: id,
          actor,
          amountCents: deltaCents,
          reason: text.reasonAdjustment,
          after,
        });
        await activity.record(trx, actor, {
          action: text.logBalance(user?.username ?? id, money(deltaCents, true), money(after)),
          target: `user:${id}`,
        });
        return after;
      });
      return { message: text.balanceUpdated, balance: centsToReais(balance) };
    },

    async ledger(id: string, query: LedgerQuery): Promise<LedgerPage> {
      const user = await users.findById(id);
      if (user?.role !== 'reseller') throw new NotFoundError(text.notFound);
      const { rows, total } = await resellers.ledgerPage(
        id,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          amount: centsToReais(row.amount_cents),
          reason: row.reason,
          balance_after: centsToReais(row.balance_after_cents),
          actor: row.actor,
          created_at: new Date(row.created_at).toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
