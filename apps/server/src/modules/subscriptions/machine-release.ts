import type { MessageResponse } from '@chaveiro/contract';
import { MACHINE_RELEASE, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import { ConflictError, NotFoundError } from '../../platform/core/errors.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';

const text = messages.client;

/** A release as `machine.released` reports it; `by` is the administrator, absent for the owner. */
interface Release {
  machineId: string;
  subscriptionId: string;
  ownerId: string;
  free: boolean;
  by?: string;
}

/** Bound recently enough for a free release ("this wasn't me", MACHINE_RELEASE). */
export function recentlyBound(firstSeenAt: number, now: number): boolean {
  return now - firstSeenAt <= MACHINE_RELEASE.freeWithinMs;
}

/** The subscription's free release is available again (`lastFreeReleaseAt`: its last one). */
export function freeReleaseDue(lastFreeReleaseAt: number | null, now: number): boolean {
  return lastFreeReleaseAt === null || now - lastFreeReleaseAt >= MACHINE_RELEASE.freeEveryMs;
}

/**
 * Releasing one machine ('Liberar'), the others staying bound: by its owner (free or a reset
 * credit) or by an administrator (never a credit). Concurrent releases of one machine: the one
 * that unbinds it wins, the others find it gone.
 */
export function createMachineRelease({
  clock,
  repository,
  events,
  activity,
}: Pick<SubscriptionsServiceDeps, 'clock' | 'repository' | 'events' | 'activity'>) {
  /** The one place a release is announced, whoever made it. */
  async function announce(trx: Kysely<Database>, release: Release): Promise<void> {
    const { by, ...owner } = release;
    await events.record(trx, 'machine.released', by === undefined ? owner : { ...owner, by });
  }

  return {
    /**
     * The owner's release: free for a machine bound in the last 24 h once per 30 days (the
     * "this wasn't me" case), otherwise it spends a reset credit like a reset, so releasing
     * machines one by one never resets HWIDs for free.
     */
    async releaseOwnMachine(
      userId: string,
      subscriptionId: string,
      machineId: string,
    ): Promise<MessageResponse> {
      const sub = await repository.findOwn(userId, subscriptionId);
      // Another user's id answers exactly like an unknown one: nothing leaks.
      if (!sub) throw new NotFoundError(text.subscriptionNotFound);
      const now = clock.now();
      const free = await events.transaction(async (trx) => {
        const machine = await repository.findMachine(sub.id, machineId, trx);
        const unbound =
          machine && (await repository.unbindMachines({ subscriptionId: sub.id, machineId }, trx));
        if (!machine || !unbound) throw new NotFoundError(text.machineNotFound);
        const freeRelease =
          recentlyBound(machine.first_seen_at, now) &&
          (await repository.claimFreeRelease(
            userId,
            sub.id,
            now,
            MACHINE_RELEASE.freeEveryMs,
            trx,
          ));
        if (!freeRelease && !(await repository.spendResetCredit(userId, sub.id, now, trx))) {
          throw new ConflictError(messages.errors.noResetCredits, 'NO_RESET_CREDITS');
        }
        await announce(trx, {
          machineId,
          subscriptionId: sub.id,
          ownerId: userId,
          free: freeRelease,
        });
        return freeRelease;
      });
      return { message: free ? text.machineReleasedFree : text.machineReleased };
    },

    /**
     * An administrator releases one machine of the customer `userId` without spending any of
     * their credits: the unbinding, its `machine.released` event and the activity line in one
     * transaction.
     */
    async releaseMachineByAdmin(
      userId: string,
      machineId: string,
      actor: Actor,
    ): Promise<MessageResponse> {
      const hwid = await events.transaction(async (trx) => {
        const machine = await repository.findOwnedMachine(userId, machineId, trx);
        const unbound =
          machine &&
          (await repository.unbindMachines(
            { subscriptionId: machine.subscription_id, machineId },
            trx,
          ));
        if (!machine || !unbound) throw new NotFoundError(messages.customers.machineNotFound);
        await announce(trx, {
          machineId,
          subscriptionId: machine.subscription_id,
          ownerId: userId,
          free: true,
          by: actor.userId,
        });
        await activity.record(trx, actor, {
          type: 'machine.released',
          action: messages.customers.machineReleasedLog(
            machine.username,
            machine.hwid,
            machine.product_name,
          ),
          target: `user:${userId}`,
        });
        return machine.hwid;
      });
      return { message: messages.customers.machineReleased(hwid) };
    },
  };
}
