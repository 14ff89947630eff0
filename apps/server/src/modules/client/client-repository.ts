import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface OwnSubscriptionRow {
  id: string;
  product_name: string;
  status: 'active' | 'paused';
  expires_at: number | null;
  paused_remaining_ms: number | null;
  paused_by: 'user' | 'global' | null;
  max_devices: number;
  pause_credits: number;
  hwid_reset_credits: number;
  /** The latest access of machines since unbound. */
  last_seen_at: number | null;
  free_release_at: number | null;
}

export interface MachineRow {
  id: string;
  subscription_id: string;
  hwid: string;
  first_seen_at: number;
  last_seen_at: number;
}

/** The customer's own subscriptions, machines, redemptions and loyalty figures. */
export function createClientRepository(db: Kysely<Database>) {
  const ownSubscriptions = (executor: Kysely<Database>, userId: string) =>
    executor
      .selectFrom('subscriptions')
      .innerJoin('products', 'products.id', 'subscriptions.product_id')
      .select([
        'subscriptions.id',
        'products.name as product_name',
        'subscriptions.status',
        'subscriptions.expires_at',
        'subscriptions.paused_remaining_ms',
        'subscriptions.paused_by',
        'subscriptions.max_devices',
        'subscriptions.pause_credits',
        'subscriptions.hwid_reset_credits',
        'subscriptions.last_seen_at',
        'subscriptions.free_release_at',
      ])
      .where('subscriptions.user_id', '=', userId);

  return {
    listSubscriptions(userId: string): Promise<OwnSubscriptionRow[]> {
      return ownSubscriptions(db, userId)
        .orderBy('subscriptions.created_at')
        .orderBy('subscriptions.id')
        .execute();
    },

    findSubscription(
      userId: string,
      subscriptionId: string,
      executor: Kysely<Database> = db,
    ): Promise<OwnSubscriptionRow | undefined> {
      return ownSubscriptions(executor, userId)
        .where('subscriptions.id', '=', subscriptionId)
        .executeTakeFirst();
    },

    /** Machines bound to any of the user's subscriptions, most recently seen first. */
    listMachines(userId: string): Promise<MachineRow[]> {
      return db
        .selectFrom('machines')
        .innerJoin('subscriptions', 'subscriptions.id', 'machines.subscription_id')
        .select([
          'machines.id',
          'machines.subscription_id',
          'machines.hwid',
          'machines.first_seen_at',
          'machines.last_seen_at',
        ])
        .where('subscriptions.user_id', '=', userId)
        .orderBy('machines.last_seen_at', 'desc')
        .execute();
    },

    /**
     * Freezes a running, unexpired subscription and spends one pause credit, in one conditional
     * statement: two clicks can never spend two credits or pause twice.
     */
    async pause(userId: string, id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('subscriptions')
        .set({
          status: 'paused',
          paused_remaining_ms: sql<number>`expires_at - ${now}`,
          expires_at: null,
          paused_by: 'user',
          pause_credits: sql<number>`pause_credits - 1`,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .where('pause_credits', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Restarts the clock with the frozen remainder; only a pause the user made. */
    async resume(userId: string, id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('subscriptions')
        .set({
          status: 'active',
          expires_at: sql<number>`${now} + coalesce(paused_remaining_ms, 0)`,
          paused_remaining_ms: null,
          paused_by: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'paused')
        .where('paused_by', '=', 'user')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Spends one reset credit if any is left; run with the machine deletion in a transaction. */
    async spendResetCredit(
      userId: string,
      id: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('subscriptions')
        .set({ hwid_reset_credits: sql<number>`hwid_reset_credits - 1`, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('hwid_reset_credits', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** One machine of the subscription (the caller checked the subscription is the user's). */
    findMachine(
      subscriptionId: string,
      machineId: string,
      executor: Kysely<Database> = db,
    ): Promise<Pick<MachineRow, 'id' | 'first_seen_at'> | undefined> {
      return executor
        .selectFrom('machines')
        .select(['id', 'first_seen_at'])
        .where('id', '=', machineId)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
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
      const result = await executor
        .updateTable('subscriptions')
        .set({ free_release_at: now, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('free_release_at', 'is', null), eb('free_release_at', '<=', now - everyMs)]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Keys the user redeemed, newest first, with the subscription each one fed. */
    redeemHistory(userId: string, limit: number) {
      return db
        .selectFrom('license_keys')
        .innerJoin('products', 'products.id', 'license_keys.product_id')
        .leftJoin('subscriptions', (join) =>
          join
            .onRef('subscriptions.product_id', '=', 'license_keys.product_id')
            .onRef('subscriptions.user_id', '=', 'license_keys.redeemed_by'),
        )
        .select([
          'license_keys.id',
          'license_keys.key',
          'license_keys.redeemed_at',
          'products.name as product_name',
          'subscriptions.status',
          'subscriptions.expires_at',
          'subscriptions.paused_remaining_ms',
        ])
        .where('license_keys.redeemed_by', '=', userId)
        .orderBy('license_keys.redeemed_at', 'desc')
        .orderBy('license_keys.id', 'desc')
        .limit(limit)
        .execute();
    },

    async loyalty(userId: string) {
      return db
        .selectFrom('users')
        .select(['balance_cents', 'xp', 'daily_bonus_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Grants the daily bonus when the last one is at least `intervalMs` old, in one conditional
     * statement, so two clicks in the same instant grant it once.
     */
    async claimDailyBonus(
      userId: string,
      xp: number,
      now: number,
      intervalMs: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ xp: sql<number>`xp + ${xp}`, daily_bonus_at: now })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([eb('daily_bonus_at', 'is', null), eb('daily_bonus_at', '<=', now - intervalMs)]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
