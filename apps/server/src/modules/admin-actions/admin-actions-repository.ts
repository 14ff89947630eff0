import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CountCache } from '../../platform/count-cache.js';

/** Mass actions over every account except admins (spec §6). */
export function createAdminActionsRepository(
  db: Kysely<Database>,
  /** The licence-key list totals: deleting accounts cascades into the keys' redeemer. */
  keyTotals: CountCache,
) {
  return {
    /** Distinct avatar addresses of non-admin accounts (uploaded ones are released after). */
    async nonAdminAvatarUrls(executor: Kysely<Database> = db): Promise<string[]> {
      const rows = await executor
        .selectFrom('users')
        .select('avatar_url')
        .distinct()
        .where('role', '<>', 'admin')
        .where('avatar_url', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.avatar_url === null ? [] : [row.avatar_url]));
    },

    /**
     * Deletes every non-admin account; their subscriptions, machines, tokens and ledger go with
     * them (cascade), keys and logs keep a null reference. Returns how many accounts it deleted.
     */
    async deleteNonAdmins(executor: Kysely<Database> = db): Promise<number> {
      keyTotals.clear();
      const result = await executor
        .deleteFrom('users')
        .where('role', '<>', 'admin')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AdminActionsRepository = ReturnType<typeof createAdminActionsRepository>;
