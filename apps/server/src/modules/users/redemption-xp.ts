import { XP_RULES } from '@chaveiro/contract';
import { defineHandler } from '../../events/index.js';
import type { UsersRepository } from './users-repository.js';

/** A redeemed key earns its redeemer XP by its days; exactly once per redemption. */
export function createRedemptionXp({ users }: { users: Pick<UsersRepository, 'addXp'> }) {
  return defineHandler({
    name: 'users.redemption-xp', // Stored with each delivery: never rename.
    on: 'key.redeemed',
    async handle({ payload }, trx) {
      await users.addXp(payload.userId, payload.days * XP_RULES.perLicenceDay, trx);
    },
  });
}
