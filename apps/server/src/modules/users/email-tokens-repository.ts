import type { EmailTokenPurpose } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewEmailToken {
  id: string;
  userId: string;
  purpose: EmailTokenPurpose;
  tokenHash: string;
  /** For `email_change`: the address to switch to once confirmed; for `email_undo`, the old one. */
  newEmail?: string;
  expiresAt: number;
  createdAt: number;
}

export interface ConsumedEmailToken {
  userId: string;
  purpose: EmailTokenPurpose;
  newEmail: string | null;
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
          new_email: token.newEmail ?? null,
          expires_at: token.expiresAt,
          created_at: token.createdAt,
        })
        .execute();
    },

    /** The address of the latest unused, unexpired e-mail change waiting for confirmation. */
    async pendingEmailChange(userId: string, now: number): Promise<string | null> {
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

    /**
     * Marks the account's unused links of `purpose` used (only those created from `createdFrom`
     * on, when given): they stop working.
     */
    async revokeUnused(
      userId: string,
      purpose: EmailTokenPurpose,
      now: number,
      executor: Kysely<Database> = db,
      createdFrom = 0,
    ): Promise<void> {
      await executor
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('created_at', '>=', createdFrom)
        .execute();
    },

    /** What a token already used, of one of `purposes`, was for (a link opened again). */
    async findUsed(
      tokenHash: string,
      purposes: readonly EmailTokenPurpose[],
    ): Promise<ConsumedEmailToken | undefined> {
      const row = await db
        .selectFrom('email_tokens')
        .select(['user_id', 'purpose', 'new_email', 'created_at'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is not', null)
        .executeTakeFirst();
      return (
        row && {
          userId: row.user_id,
          purpose: row.purpose,
          newEmail: row.new_email,
          createdAt: row.created_at,
        }
      );
    },

    /**
     * Marks an unused, unexpired token of one of `purposes` as used and returns what it was for.
     * The conditional update makes a link single-use even when two requests present it at once.
     */
    async consume(
      tokenHash: string,
      purposes: readonly EmailTokenPurpose[],
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<ConsumedEmailToken | undefined> {
      const row = await executor
        .selectFrom('email_tokens')
        .select(['id', 'user_id', 'purpose', 'new_email', 'created_at'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'in', purposes)
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
      return result.numUpdatedRows > 0n
        ? {
            userId: row.user_id,
            purpose: row.purpose,
            newEmail: row.new_email,
            createdAt: row.created_at,
          }
        : undefined;
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;
