import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Two-factor state on `users`: pending secret, enabled flag and the replay guard. */
export function createTotpRepository(db: Kysely<Database>) {
  return {
    /** Stores a new secret that stays inactive until a code confirms it. */
    async savePendingSecret(userId: string, secret: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ totp_secret: secret, totp_last_step: null })
        .where('id', '=', userId)
        .where('totp_enabled', '=', 0)
        .execute();
    },

    /** Turns the pending secret on; false when 2FA was already on (or no secret is pending). */
    async enable(userId: string, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set({ totp_enabled: 1 })
        .where('id', '=', userId)
        .where('totp_enabled', '=', 0)
        .where('totp_secret', 'is not', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async disable(userId: string, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('users')
        .set({ totp_enabled: 0, totp_secret: null })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * Records that the code of `step` was used; false when that step (or a later one) was
     * already used, so a code seen by someone else cannot be replayed.
     */
    async claimStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type TotpRepository = ReturnType<typeof createTotpRepository>;
