import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A paused subscription restarting at `now`: its frozen remainder runs again from there. */
export function resumedColumns(now: number) {
  return {
    status: 'active' as const,
    expires_at: sql<number>`${now} + coalesce(paused_remaining_ms, 0)`,
    paused_remaining_ms: null,
    paused_by: null,
    updated_at: now,
  };
}

export interface NewSubscription {
  id: string;
  userId: string;
  productId: string;
  expiresAt: number;
  maxDevices: number;
  pauseCredits: number;
  hwidResetCredits: number;
  now: number;
  /** Created frozen, paused by the administration ("pause all users" is on). */
  pausedGlobally?: boolean;
}

/** Which machines `unbindMachines` frees. */
export type MachineScope =
  { subscriptionId: string; machineId?: string } | { userId: string } | { nonAdmins: true };

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
  created_at: number;
}

/** A subscription and its owner, as a bulk change reports the rows it changed. */
export interface OwnedSubscription {
  id: string;
  user_id: string;
}

/** Queries on `subscriptions` and the `machines` bound to them. */
export function createSubscriptionsRepository(db: Kysely<Database>) {
  /**
   * Machines in `scope` lose their binding: each subscription first keeps the latest access of
   * what it loses, so 'Último acesso' survives; answers the delete of those machines, to run.
   */
  async function unbindQuery(scope: MachineScope, executor: Kysely<Database>) {
    const owned = executor.selectFrom('subscriptions as owned').select('owned.id');
    const inScope =
      'subscriptionId' in scope
        ? owned.where('owned.id', '=', scope.subscriptionId)
        : 'userId' in scope
          ? owned.where('owned.user_id', '=', scope.userId)
          : owned.where('owned.user_id', 'in', (eb) =>
              eb.selectFrom('users').select('users.id').where('users.role', '<>', 'admin'),
            );
    const machineId = 'machineId' in scope ? scope.machineId : undefined;
    /** The machines of the subscription being updated that this call unbinds. */
    const lost = (eb: ExpressionBuilder<Database, 'subscriptions'>) => {
      const machines = eb
        .selectFrom('machines as m')
        .whereRef('m.subscription_id', '=', 'subscriptions.id');
      return machineId === undefined ? machines : machines.where('m.id', '=', machineId);
    };
    await executor
      .updateTable('subscriptions')
      .set((eb) => ({
        last_seen_at: lost(eb).select((inner) => inner.fn.max('m.last_seen_at').as('latest')),
      }))
      .where('subscriptions.id', 'in', inScope)
      .where((eb) =>
        eb.exists(
          lost(eb)
            .select('m.id')
            .where((inner) =>
              inner.or([
                inner('subscriptions.last_seen_at', 'is', null),
                inner('m.last_seen_at', '>', inner.ref('subscriptions.last_seen_at')),
              ]),
            ),
        ),
      )
      .execute();
    let unbind = executor.deleteFrom('machines').where('subscription_id', 'in', inScope);
    if (machineId !== undefined) unbind = unbind.where('id', '=', machineId);
    return unbind;
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
          status: sub.pausedGlobally ? 'paused' : 'active',
          expires_at: sub.pausedGlobally ? null : sub.expiresAt,
          paused_remaining_ms: sub.pausedGlobally ? sub.expiresAt - sub.now : null,
          paused_by: sub.pausedGlobally ? 'global' : null,
          max_devices: sub.maxDevices,
          pause_credits: sub.pauseCredits,
          hwid_reset_credits: sub.hwidResetCredits,
          created_at: sub.now,
          updated_at: sub.now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
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
          'subscriptions.created_at',
        ])
        .where('subscriptions.user_id', '=', userId)
        .orderBy('subscriptions.created_at')
        .orderBy('subscriptions.id')
        .execute();
    },

    async delete(id: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('subscriptions').where('id', '=', id).execute();
    },

    /**
     * Pause all users: freezes every running, unexpired subscription (or only `onlyId`) as
     * paused by the administration, in one statement. Returns the subscriptions it froze.
     */
    async freezeAllRunning(
      now: number,
      executor: Kysely<Database> = db,
      onlyId?: string,
    ): Promise<OwnedSubscription[]> {
      let query = executor
        .updateTable('subscriptions')
        .set({
          status: 'paused',
          paused_remaining_ms: sql<number>`expires_at - ${now}`,
          expires_at: null,
          paused_by: 'global',
          updated_at: now,
        })
        .where('status', '=', 'active')
        .where('expires_at', '>', now);
      if (onlyId !== undefined) query = query.where('id', '=', onlyId);
      return query.returning(['id', 'user_id']).execute();
    },

    /**
     * An administrator's pause of one running subscription (`paused_by = admin`): neither its
     * owner nor the undo of "pause all" restarts it, only an administrator's resume. False when
     * it is not running (paused, expired or gone).
     */
    async pauseByAdmin(id: string, now: number, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .updateTable('subscriptions')
        .set({
          status: 'paused',
          paused_remaining_ms: sql<number>`expires_at - ${now}`,
          expires_at: null,
          paused_by: 'admin',
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Undoes `freezeAllRunning`: only pauses made by it restart; a user's own pause stays.
     * Returns the subscriptions it restarted.
     */
    async resumeAllGlobal(
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<OwnedSubscription[]> {
      return executor
        .updateTable('subscriptions')
        .set(resumedColumns(now))
        .where('status', '=', 'paused')
        .where('paused_by', '=', 'global')
        .returning(['id', 'user_id'])
        .execute();
    },

    /**
     * Restarts one paused subscription, whoever paused it (an administrator's resume); false
     * when it is not paused (already running, or gone).
     */
    async resume(id: string, now: number, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .updateTable('subscriptions')
        .set(resumedColumns(now))
        .where('id', '=', id)
        .where('status', '=', 'paused')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Unbinds machines (HWID resets, a released machine): `subscriptionId` alone frees all of
     * one subscription, with `machineId` only that machine; `userId` every subscription of one
     * account; `nonAdmins` every account but the admins'. Each subscription first keeps the
     * latest access of what it loses, so 'Último acesso' survives. Returns how many it unbound.
     */
    async unbindMachines(scope: MachineScope, executor: Kysely<Database> = db): Promise<number> {
      const result = await (await unbindQuery(scope, executor)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * As `unbindMachines`, answering how many machines each subscription lost (only those that
     * lost any), for one event per subscription.
     */
    async unbindMachinesPerSubscription(
      scope: MachineScope,
      executor: Kysely<Database> = db,
    ): Promise<Map<string, number>> {
      const rows = await (
        await unbindQuery(scope, executor)
      )
        .returning('subscription_id')
        .execute();
      const released = new Map<string, number>();
      for (const { subscription_id: id } of rows) released.set(id, (released.get(id) ?? 0) + 1);
      return released;
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
