import type { PausedBy } from '@chaveiro/contract';
import type { Kysely, UpdateResult } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { GroupCountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted } from '../../platform/state/count-cache.js';
import { createMachinesRepository } from './machines-repository.js';
import type { Changed, NextHolder } from './subscription-holds-repository.js';
import {
  createSubscriptionHoldsRepository,
  heldColumns,
  liftedColumns,
  takenOverColumns,
} from './subscription-holds-repository.js';

export interface NewSubscription {
  id: string;
  userId: string;
  productId: string;
  expiresAt: number;
  maxDevices: number;
  pauseCredits: number;
  hwidResetCredits: number;
  now: number;
  /** Created frozen: its product's freeze or "pause all users" is in force. */
  heldBy?: 'product' | 'global' | null;
}

/** A subscription with the names an admin message or log line needs. */
export interface SubscriptionDetail {
  id: string;
  user_id: string;
  username: string;
  product_id: string;
  product_name: string;
  status: 'active' | 'paused';
  expires_at: number | null;
  paused_remaining_ms: number | null;
  paused_by: PausedBy | null;
  created_at: number;
}

/** A subscription and its owner, as a bulk change reports the rows it changed. */
export interface OwnedSubscription {
  id: string;
  user_id: string;
}

/** What the owner's own actions (pause, resume, reset, release) check of their subscription. */
export interface OwnSubscription {
  id: string;
  product_id: string;
  status: 'active' | 'paused';
  expires_at: number | null;
  paused_by: PausedBy | null;
  pause_credits: number;
  hwid_reset_credits: number;
}

/** Runs a conditional update; true when its condition held and it changed the row. */
async function changedRow(update: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  return (await update.executeTakeFirst()).numUpdatedRows > 0n;
}

/**
 * Queries on `subscriptions`, and (machines-repository.ts) on the `machines` bound to them.
 * Every write of a status, an expiry or a new row clears `counts` once committed.
 */
export function createSubscriptionsRepository(
  db: Kysely<Database>,
  dialect: SqlDialect,
  counts: GroupCountCache,
) {
  const changed: Changed = (executor) => clearWhenCommitted(counts, executor);
  return {
    ...createSubscriptionRowsRepository(db, changed),
    ...createSubscriptionHoldsRepository(db, dialect, changed),
    ...createMachinesRepository(db, dialect),
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

function createSubscriptionRowsRepository(db: Kysely<Database>, changed: Changed) {
  /** An update of subscription `id` that touches it only while it is the user's. */
  const updateOwnSubscription = (executor: Kysely<Database>, userId: string, id: string) =>
    executor.updateTable('subscriptions').where('id', '=', id).where('user_id', '=', userId);

  /** `changedRow` of an update that stops or restarts a clock, reported to `changed`. */
  async function statusChanged(
    executor: Kysely<Database>,
    update: { executeTakeFirst(): Promise<UpdateResult> },
  ): Promise<boolean> {
    const done = await changedRow(update);
    if (done) changed(executor);
    return done;
  }

  return {
    /** Inserts unless the user already holds the product; true when it inserted. */
    async insertIfAbsent(sub: NewSubscription, executor: Kysely<Database> = db): Promise<boolean> {
      const inserted = await executor
        .insertInto('subscriptions')
        .values({
          id: sub.id,
          user_id: sub.userId,
          product_id: sub.productId,
          status: sub.heldBy ? 'paused' : 'active',
          expires_at: sub.heldBy ? null : sub.expiresAt,
          paused_remaining_ms: sub.heldBy ? sub.expiresAt - sub.now : null,
          paused_by: sub.heldBy ?? null,
          product_frozen_since: sub.heldBy === 'product' ? sub.now : null,
          max_devices: sub.maxDevices,
          pause_credits: sub.pauseCredits,
          hwid_reset_credits: sub.hwidResetCredits,
          created_at: sub.now,
          updated_at: sub.now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      changed(executor);
      return inserted !== undefined;
    },

    /**
     * Adds time in one statement, so concurrent grants never lose one another: a running
     * subscription gains it from its expiry (or from now once expired), a paused one on its
     * frozen remainder. `minDevices` raises max_devices when larger.
     */
    async extend(
      where: { id: string } | { userId: string; productId: string },
      addMs: number,
      minDevices: number,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      let query = executor.updateTable('subscriptions').set({
        expires_at: sql<number>`case when status = 'active' then (case when expires_at > ${now} then expires_at else ${now} end) + ${addMs} else expires_at end`,
        paused_remaining_ms: sql<number>`case when status = 'paused' then coalesce(paused_remaining_ms, 0) + ${addMs} else paused_remaining_ms end`,
        max_devices: sql<number>`case when max_devices < ${minDevices} then ${minDevices} else max_devices end`,
        updated_at: now,
      });
      query =
        'id' in where
          ? query.where('id', '=', where.id)
          : query.where('user_id', '=', where.userId).where('product_id', '=', where.productId);
      await query.execute();
      changed(executor);
    },

    /**
     * Removes time without going below now: a running subscription's expiry drops by `removeMs`
     * but not under now (one already expired stays as it is), a paused remainder not under 0.
     */
    async shorten(
      id: string,
      removeMs: number,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('subscriptions')
        .set({
          expires_at: sql<number>`case when status <> 'active' then expires_at when expires_at - ${removeMs} > ${now} then expires_at - ${removeMs} when expires_at < ${now} then expires_at else ${now} end`,
          paused_remaining_ms: sql<number>`case when status = 'paused' and paused_remaining_ms > ${removeMs} then paused_remaining_ms - ${removeMs} when status = 'paused' then 0 else paused_remaining_ms end`,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      changed(executor);
    },

    findDetail(
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<SubscriptionDetail | undefined> {
      return executor
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.user_id')
        .innerJoin('products', 'products.id', 'subscriptions.product_id')
        .select([
          'subscriptions.id',
          'subscriptions.user_id',
          'users.username',
          'subscriptions.product_id',
          'products.name as product_name',
          'subscriptions.status',
          'subscriptions.expires_at',
          'subscriptions.paused_remaining_ms',
          'subscriptions.paused_by',
          'subscriptions.created_at',
        ])
        .where('subscriptions.id', '=', id)
        .executeTakeFirst();
    },

    findByUserProduct(userId: string, productId: string, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('subscriptions')
        .select(['id', 'status', 'expires_at', 'paused_remaining_ms'])
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    /** Every subscription of one user with its product's name, oldest first. */
    listForUser(userId: string): Promise<Omit<SubscriptionDetail, 'username'>[]> {
      return db
        .selectFrom('subscriptions')
        .innerJoin('products', 'products.id', 'subscriptions.product_id')
        .select([
          'subscriptions.id',
          'subscriptions.user_id',
          'subscriptions.product_id',
          'products.name as product_name',
          'subscriptions.status',
          'subscriptions.expires_at',
          'subscriptions.paused_remaining_ms',
          'subscriptions.paused_by',
          'subscriptions.created_at',
        ])
        .where('subscriptions.user_id', '=', userId)
        .orderBy('subscriptions.created_at')
        .orderBy('subscriptions.id')
        .execute();
    },

    async delete(id: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('subscriptions').where('id', '=', id).execute();
      changed(executor);
    },

    /**
     * Pause all users: freezes every running, unexpired subscription as paused by the
     * administration, in one statement. Returns the subscriptions it froze.
     */
    async freezeAllRunning(
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<OwnedSubscription[]> {
      const frozen = await executor
        .updateTable('subscriptions')
        .set(heldColumns(now, 'global'))
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .returning(['id', 'user_id'])
        .execute();
      changed(executor);
      return frozen;
    },

    /** Stops subscription `id` when it is running and unexpired, held by `holder`. */
    async holdRunning(
      id: string,
      holder: 'product' | 'global',
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('subscriptions')
        .set(heldColumns(now, holder))
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .execute();
      changed(executor);
    },

    /**
     * An administrator's pause of one running subscription, or of one its product's freeze holds
     * (`paused_by = admin`): neither its owner, the undo of "pause all" nor the product's return
     * restarts it, only an administrator's resume. False when it is neither (paused otherwise,
     * expired or gone).
     */
    async pauseByAdmin(id: string, now: number, executor: Kysely<Database> = db): Promise<boolean> {
      return statusChanged(
        executor,
        executor
          .updateTable('subscriptions')
          .set(takenOverColumns(now, 'admin'))
          .where('id', '=', id)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'active'), eb('expires_at', '>', now)]),
              eb('paused_by', '=', 'product'),
            ]),
          ),
      );
    },

    /**
     * An administrator's resume of one paused subscription, whoever paused it but its product's
     * freeze: it runs again, or passes to `next`. False when it is not paused (already running,
     * or gone) or held by its product.
     */
    async resume(
      id: string,
      now: number,
      next: NextHolder,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      return statusChanged(
        executor,
        executor
          .updateTable('subscriptions')
          .set(liftedColumns(now, next))
          .where('id', '=', id)
          .where('status', '=', 'paused')
          .where('paused_by', '<>', 'product'),
      );
    },

    /** The user's own subscription `id`; undefined for another user's, exactly as an unknown one. */
    findOwn(
      userId: string,
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<OwnSubscription | undefined> {
      return executor
        .selectFrom('subscriptions')
        .select([
          'id',
          'product_id',
          'status',
          'expires_at',
          'paused_by',
          'pause_credits',
          'hwid_reset_credits',
        ])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The owner's pause: freezes a running, unexpired subscription, or takes over one its
     * product's freeze holds (so it stays paused when the product returns), and spends one pause
     * credit, in one conditional statement: two clicks can never spend two credits or pause twice.
     */
    async pauseOwn(
      userId: string,
      id: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      return statusChanged(
        executor,
        updateOwnSubscription(executor, userId, id)
          .set({ ...takenOverColumns(now, 'user'), pause_credits: sql<number>`pause_credits - 1` })
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'active'), eb('expires_at', '>', now)]),
              eb('paused_by', '=', 'product'),
            ]),
          )
          .where('pause_credits', '>', 0),
      );
    },

    /**
     * The owner's resume of a pause they made: the clock runs again with its frozen remainder,
     * or passes to `next` (the product's freeze or "pause all users" still in force).
     */
    async resumeOwn(
      userId: string,
      id: string,
      now: number,
      next: NextHolder,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      return statusChanged(
        executor,
        updateOwnSubscription(executor, userId, id)
          .set(liftedColumns(now, next))
          .where('status', '=', 'paused')
          .where('paused_by', '=', 'user'),
      );
    },

    /** Spends one reset credit if any is left; run with the machine deletion in a transaction. */
    async spendResetCredit(
      userId: string,
      id: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      return changedRow(
        updateOwnSubscription(executor, userId, id)
          .set({ hwid_reset_credits: sql<number>`hwid_reset_credits - 1`, updated_at: now })
          .where('hwid_reset_credits', '>', 0),
      );
    },

    /**
     * Takes the subscription's free release when the last one is at least `everyMs` old, in one
     * conditional statement (two releases at once cannot both be free).
     */
    async claimFreeRelease(
      userId: string,
      id: string,
      now: number,
      everyMs: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      return changedRow(
        updateOwnSubscription(executor, userId, id)
          .set({ free_release_at: now, updated_at: now })
          .where((eb) =>
            eb.or([eb('free_release_at', 'is', null), eb('free_release_at', '<=', now - everyMs)]),
          ),
      );
    },
  };
}
