import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The signed-in user's own profile on `users` (and a pending e-mail change). */
export function createProfileRepository(db: Kysely<Database>) {
  return {
    /** The latest unused, unexpired e-mail change waiting for its confirmation. */
    async pendingEmail(userId: string, now: number): Promise<string | null> {
      const row = await db
        .selectFrom('email_tokens')
        .select('new_email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.new_email ?? null;
    },

    async updateUsername(userId: string, username: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ username, username_lower: username.toLowerCase() })
        .where('id', '=', userId)
        .execute();
    },

    async setAvatarUrl(userId: string, avatarUrl: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ avatar_url: avatarUrl })
        .where('id', '=', userId)
        .execute();
    },
  };
}
