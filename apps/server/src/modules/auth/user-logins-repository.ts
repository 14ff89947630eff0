import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Queries on `user_logins`: each account's sign-in addresses, first and last time each. */
export function createUserLoginsRepository(db: Kysely<Database>) {
  return {
    /** Moves a known address's last sign-in to `at`; false when the account never used it. */
    async touch(userId: string, ip: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('user_logins')
        .set({ last_at: at })
        .where('user_id', '=', userId)
        .where('ip', '=', ip)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Notes a sign-in from an address not seen before (a concurrent one may have noted it
     * first: then it only moves `last_at`). Answers whether the account had signed in from
     * another address before, i.e. whether this is a new address rather than the first one.
     */
    async add(userId: string, ip: string, at: number, executor: Kysely<Database>) {
      const inserted = await executor
        .insertInto('user_logins')
        .values({ user_id: userId, ip, first_at: at, last_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_at: at }))
        .returning('first_at')
        .executeTakeFirstOrThrow();
      if (Number(inserted.first_at) !== at) return { isNew: false, seenBefore: true };
      const other = await executor
        .selectFrom('user_logins')
        .select('ip')
        .where('user_id', '=', userId)
        .where('ip', '<>', ip)
        .limit(1)
        .executeTakeFirst();
      return { isNew: true, seenBefore: other !== undefined };
    },
  };
}

export type UserLoginsRepository = ReturnType<typeof createUserLoginsRepository>;
