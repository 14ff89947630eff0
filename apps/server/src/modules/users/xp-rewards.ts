import { XP_RULES } from '@chaveiro/contract';
import { defineHandler } from '../../events/index.js';
import type { UsersRepository } from './users-repository.js';

type XpDeps = { users: Pick<UsersRepository, 'addXp'> };

/** Licence days earn XP the same way however they were obtained. */
function xpForDays(days: number): number {
  return days * XP_RULES.perLicenceDay;
}

/** A redeemed key earns its redeemer XP by its days; exactly once per redemption. */
export function createRedemptionXp({ users }: XpDeps) {
  return defineHandler({
    name: 'users.redemption-xp', // Stored with each delivery: never rename.
    on: 'key.redeemed',
    // The redeem screen's success re-reads the dashboard (XP, rank) the moment it answers.
    inAnswer: true,
    async handle({ payload }, trx) {
      await users.addXp(payload.userId, xpForDays(payload.days), trx);
    },
  });
}

/** A shop purchase earns its buyer XP by the plan's days; exactly once per purchase. */
export function createPurchaseXp({ users }: XpDeps) {
  return defineHandler({
    name: 'users.purchase-xp', // Stored with each delivery: never rename.
    on: 'purchase.completed',
    // A renewal's success re-reads the dashboard, whose loyalty panel (XP) is on that screen.
    inAnswer: true,
    async handle({ payload }, trx) {
      await users.addXp(payload.userId, xpForDays(payload.days), trx);
    },
  });
}
