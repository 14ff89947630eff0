import { blacklistedHwidForm } from '@chaveiro/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';

/** Which machines `unbindMachines` frees. */
export type MachineScope =
  { subscriptionId: string; machineId?: string } | { userId: string } | { nonAdmins: true };

/** A machine of one of a customer's subscriptions, with what an admin's release line names. */
export interface OwnedMachineRow {
  id: string;
  hwid: string;
  subscription_id: string;
  product_name: string;
  /** The subscription's owner. */
  username: string;
}

/** Queries on the `machines` bound to subscriptions (part of the subscriptions repository). */
export function createMachinesRepository(db: Kysely<Database>, dialect: SqlDialect) {
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

    /** How many non-admin accounts have at least one HWID bound. */
    async countAccountsWithMachines(executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.user_id')
        .innerJoin('machines', 'machines.subscription_id', 'subscriptions.id')
        .where('users.role', '<>', 'admin')
        .select((eb) => eb.fn.count<number>('subscriptions.user_id').distinct().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One machine of the subscription (the caller checked the subscription is the user's). */
    findMachine(
      subscriptionId: string,
      machineId: string,
      executor: Kysely<Database> = db,
    ): Promise<{ id: string; first_seen_at: number } | undefined> {
      return executor
        .selectFrom('machines')
        .select(['id', 'first_seen_at'])
        .where('id', '=', machineId)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },

    /** The machine when it is bound to one of the user's subscriptions. */
    findOwnedMachine(
      userId: string,
      machineId: string,
      executor: Kysely<Database> = db,
    ): Promise<OwnedMachineRow | undefined> {
      return executor
        .selectFrom('machines as m')
        .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['m.id', 'm.hwid', 'm.subscription_id', 'p.name as product_name', 'u.username'])
        .where('m.id', '=', machineId)
        .where('s.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The machine id of `hwid` on the subscription, when bound. */
    /**
     * Whether an active account other than `userId` has a machine of the product bound whose
     * HWID is `hwid` as the blacklist compares it (trimmed, any case).
     */
    async hwidBoundToOthers(productId: string, hwid: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('machines as m')
        .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('m.id')
        .where('s.product_id', '=', productId)
        .where('s.user_id', '<>', userId)
        .where('u.status', '=', 'active')
        .where((eb) => eb(eb.fn('lower', ['m.hwid']), '=', blacklistedHwidForm(hwid)))
        .executeTakeFirst();
      return row !== undefined;
    },

    async findBoundMachine(
      subscriptionId: string,
      hwid: string,
      executor: Kysely<Database> = db,
    ): Promise<string | undefined> {
      const row = await executor
        .selectFrom('machines')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .where('hwid', '=', hwid)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * The subscription's device limit, read so that binders of one subscription take turns: on
     * PostgreSQL the row is locked FOR UPDATE until the transaction ends; SQLite transactions
     * already hold the write lock from their start.
     */
    async lockDeviceSlots(
      subscriptionId: string,
      executor: Kysely<Database>,
    ): Promise<number | undefined> {
      let query = executor
        .selectFrom('subscriptions')
        .select('max_devices')
        .where('id', '=', subscriptionId);
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row?.max_devices;
    },

    async countMachines(subscriptionId: string, executor: Kysely<Database>): Promise<number> {
      const row = await executor
        .selectFrom('machines')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertMachine(
      machine: { id: string; subscriptionId: string; hwid: string; ip: string; now: number },
      executor: Kysely<Database>,
    ): Promise<void> {
      await executor
        .insertInto('machines')
        .values({
          id: machine.id,
          subscription_id: machine.subscriptionId,
          hwid: machine.hwid,
          first_seen_at: machine.now,
          last_seen_at: machine.now,
          last_ip: machine.ip,
        })
        .execute();
    },

    /**
     * Ends the machine's loader sessions issued up to `at` (a security rule's verdict); a later
     * end only moves it forward. False when the machine is not bound (any more).
     */
    async endSessions(
      machineId: string,
      at: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('machines')
        .set({ sessions_ended_at: at })
        .where('id', '=', machineId)
        .where((eb) =>
          eb.or([eb('sessions_ended_at', 'is', null), eb('sessions_ended_at', '<', at)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
