import { newId } from '../../platform/core/ids.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';

/** A subscription a machine asks to bind to, with what `machine.bound` tells its owner. */
export interface BindingSubscription {
  id: string;
  productName: string;
  ownerId: string;
}

/** Binding machines (HWIDs) to a subscription, at most `max_devices` of them. */
export function createMachineBinding({
  repository,
  events,
}: Pick<SubscriptionsServiceDeps, 'repository' | 'events'>) {
  return {
    /** The machine id of `hwid` on the subscription when already bound (no lock taken). */
    boundMachine(subscriptionId: string, hwid: string): Promise<string | undefined> {
      return repository.findBoundMachine(subscriptionId, hwid);
    },

    /**
     * Whether another active account of the product has bound `hwid`: a blacklist must not
     * lock out someone else's machine on one account's word (a KeyAuth `ban`, a security rule).
     */
    hwidBoundToOthers(productId: string, hwid: string, userId: string): Promise<boolean> {
      return repository.hwidBoundToOthers(productId, hwid, userId);
    },

    /**
     * Binds `hwid` to the subscription when a slot is free (or answers the machine a racing
     * request bound meanwhile); HWID_MISMATCH when full or gone. Binders of one subscription
     * take turns (write lock on SQLite, the subscription row FOR UPDATE on PostgreSQL), so two
     * new HWIDs racing for the last slot cannot both win. A new machine records
     * `machine.bound` in the binding's transaction: its owner's bell and e-mail react.
     */
    bindMachine(
      sub: BindingSubscription,
      request: { hwid: string; ip: string },
      now: number,
    ): Promise<{ machineId: string } | { refusal: 'HWID_MISMATCH' }> {
      return events.transaction(async (trx) => {
        const maxDevices = await repository.lockDeviceSlots(sub.id, trx);
        if (maxDevices === undefined) return { refusal: 'HWID_MISMATCH' } as const;
        const raced = await repository.findBoundMachine(sub.id, request.hwid, trx);
        if (raced) return { machineId: raced };
        if ((await repository.countMachines(sub.id, trx)) >= maxDevices) {
          return { refusal: 'HWID_MISMATCH' } as const;
        }
        const machineId = newId();
        await repository.insertMachine(
          { id: machineId, subscriptionId: sub.id, hwid: request.hwid, ip: request.ip, now },
          trx,
        );
        await events.record(trx, 'machine.bound', {
          machineId,
          subscriptionId: sub.id,
          ownerId: sub.ownerId,
          productName: sub.productName,
          hwid: request.hwid,
          ip: request.ip,
          at: now,
        });
        return { machineId };
      });
    },
  };
}
