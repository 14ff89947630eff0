import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Mass actions over every account except admins (spec §6). */
export function createAdminActionsRepository(db: Kysely<Database>) {
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
  };
}

export type AdminActionsRepository = ReturnType<typeof createAdminActionsRepository>;
