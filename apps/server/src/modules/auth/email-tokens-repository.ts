import type { EmailTokenPurpose } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewEmailToken {
  id: string;
  userId: string;
  purpose: EmailTokenPurpose;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
}

/** Queries on `email_tokens` (verification and password-reset links). */
export function createEmailTokensRepository(db: Kysely<Database>) {
  return {
    async insert(token: NewEmailToken, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('email_tokens')
        .values({
          id: token.id,
          user_id: token.userId,
          purpose: token.purpose,
          token_hash: token.tokenHash,
          expires_at: token.expiresAt,
          created_at: token.createdAt,
        })
        .execute();
    },

    /**
     * Marks an unused, unexpired token as used and returns its user. The conditional update makes
     * a link single-use even when two requests present it at the same moment.
     */
    async consume(
      tokenHash: string,
      purpose: EmailTokenPurpose,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<string | undefined> {
      const row = await executor
        .selectFrom('email_tokens')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      const result = await executor
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? row.user_id : undefined;
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;
