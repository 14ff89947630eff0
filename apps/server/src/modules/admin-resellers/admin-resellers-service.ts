import type {
  BalanceResponse,
  CreateResellerInput,
  CreateResellerResponse,
  LedgerPage,
  LedgerQuery,
  ResellersPage,
  ResellersQuery,
} from '@chaveiro/contract';
import { centsToReais, messages, parseSort, reaisToCents } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { ConflictError, NotFoundError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import type { AdminResellersRepository } from './admin-resellers-repository.js';

const text = messages.resellers;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ text for activity lines; `signed` shows + on additions. */
function money(cents: number, signed = false): string {
  const formatted = brl.format(centsToReais(Math.abs(cents)));
  if (cents < 0) return `-${formatted}`;
  return signed ? `+${formatted}` : formatted;
}

export interface AdminResellersServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  resellers: AdminResellersRepository;
  users: UsersRepository;
  /** A promotion is a role change: it ends the account's security epoch. */
  userAdmin: Pick<UserAdminRepository, 'changeRole'>;
  activity: ActivityService;
  balance: BalanceService;
  /**
   * A new reseller account records `user.registered` with it; a promotion, the end of the
   * account's security epoch.
   */
  events: EventRecorder;
}

/** Admin resellers (spec §2 Admin resellers, §7): creation, promotion and the balance. */
export function createAdminResellersService({
  db,
  clock,
  resellers,
  users,
  userAdmin,
  activity,
  balance,
  events,
}: AdminResellersServiceDeps) {
  async function assertNamesFree(username: string, email: string): Promise<void> {
    const taken = await users.findTakenNames(username, email, clock.now());
    if (taken.username) throw new ConflictError(messages.auth.usernameTaken, 'USERNAME_TAKEN');
    if (taken.email) throw new ConflictError(messages.auth.emailTaken, 'EMAIL_TAKEN');
  }

  /** Credits the initial balance (with its ledger line) inside the caller's transaction. */
  async function creditInitial(
    trx: Kysely<Database>,
    userId: string,
    actor: Actor,
    cents: number,
  ): Promise<number | undefined> {
    return balance.move(trx, {
      userId,
      amountCents: cents,
      reason: text.reasonInitial,
      actorId: actor.userId,
    });
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
      await events.transaction(async (trx) => {
        const now = clock.now();
        // Admin-created, so already verified (like the console's own user creation).
        await users.insert(
          {
            id,
            username: body.username,
            email: body.email,
            password_hash: passwordHash,
            role: 'reseller',
            status: 'active',
            email_verified_at: now,
            created_at: now,
          },
          trx,
        );
        await events.record(trx, 'user.registered', {
          userId: id,
          role: 'reseller',
          via: 'admin',
          at: now,
        });
        if (initialCents > 0) await creditInitial(trx, id, actor, initialCents);
        await activity.record(trx, actor, {
          type: 'reseller.created',
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
    const after = await events.transaction(async (trx) => {
      const user = await users.findById(body.userId, trx);
      if (!user) throw new NotFoundError(messages.admin.userNotFound);
      const promoted = await userAdmin.changeRole(user.id, 'client', 'reseller', trx);
      if (promoted === undefined) throw new ConflictError(text.notAClient, 'NOT_A_CLIENT');
      const held = promoted.balanceCents;
      const credited =
        initialCents > 0 ? await creditInitial(trx, user.id, actor, initialCents) : held;
      await activity.record(trx, actor, {
        type: 'reseller.created',
        action: text.logPromoted(user.username, money(initialCents)),
        target: `user:${user.id}`,
      });
      return credited ?? held;
    });
    return { message: text.promoted, id: body.userId, balance: centsToReais(after) };
  }

  return {
    async list(query: ResellersQuery): Promise<ResellersPage> {
      const { rows, total } = await resellers.page(
        query.q,
        query.pageSize,
        (query.page - 1) * query.pageSize,
        parseSort(query.sort),
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
      const after = await withTransaction(db, async (trx) => {
        // Only resellers: the role is read in the same transaction that moves the money.
        const user = await users.findById(id, trx);
        if (user?.role !== 'reseller') throw new NotFoundError(text.notFound);
        const moved = await balance.move(trx, {
          userId: id,
          amountCents: deltaCents,
          reason: text.reasonAdjustment,
          actorId: actor.userId,
        });
        if (moved === undefined) {
          throw new ConflictError(text.insufficientBalance, 'INSUFFICIENT_BALANCE');
        }
        await activity.record(trx, actor, {
          type: 'reseller.balance_changed',
          action: text.logBalance(user.username, money(deltaCents, true), money(moved)),
          target: `user:${id}`,
        });
        return moved;
      });
      return { message: text.balanceUpdated, balance: centsToReais(after) };
    },

    async ledger(id: string, query: LedgerQuery): Promise<LedgerPage> {
      const user = await users.findById(id);
      if (user?.role !== 'reseller') throw new NotFoundError(text.notFound);
      return balance.ledger(id, query);
    },
  };
}

export type AdminResellersService = ReturnType<typeof createAdminResellersService>;
