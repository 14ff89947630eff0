import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Mass actions over every account except admins (spec §6). */
export function createAdminActionsRepository(db: Kysely<Database>) {
  const nonAdminSubscriptions = (executor: Kysely<Database>) =>
    executor
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .where('users.role', '<>', 'admin');

  return {
    /** How many non-admin accounts have at least one HWID bound. */
    async countAccountsWithMachines(executor: Kysely<Database> = db): Promise<number> {
      const row = await nonAdminSubscriptions(executor)
        .innerJoin('machines', 'machines.subscription_id', 'subscriptions.id')
        .select((eb) => eb.fn.count<number>('subscriptions.user_id').distinct().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

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
