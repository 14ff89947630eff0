import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** 2FA recovery codes (`recovery_codes`): only their SHA-256 is stored. */
export function createRecoveryCodesRepository(db: Kysely<Database>) {
  return {
    /** Replaces every code of the account by `hashes` (the old ones stop working). */
    async replace(
      userId: string,
      hashes: readonly string[],
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length === 0) return;
      await executor
        .insertInto('recovery_codes')
        .values(
          hashes.map((codeHash) => ({
            user_id: userId,
            code_hash: codeHash,
            created_at: now,
            used_at: null,
          })),
        )
        .execute();
    },

    async deleteAll(userId: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },

    /**
     * Spends an unused code; false when it is unknown or already spent. One conditional update,
     * so two requests presenting the same code at once cannot both succeed.
     */
    async spend(userId: string, codeHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async countUnused(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type RecoveryCodesRepository = ReturnType<typeof createRecoveryCodesRepository>;
