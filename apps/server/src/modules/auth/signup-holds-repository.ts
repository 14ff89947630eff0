import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewSignupHold {
  username: string;
  email: string;
  passwordHash: string;
  expiresAt: number;
  createdAt: number;
}

/** Queries on `signup_holds` (see SignupHoldsTable). Whether a name is held: users repository. */
export function createSignupHoldsRepository(db: Kysely<Database>) {
  return {
    /**
     * Holds the username until `expiresAt`, purging expired holds on the way. A name held
     * meanwhile by a concurrent sign-up stays theirs, as a username lost to a race would.
     */
    async insert(hold: NewSignupHold, now: number): Promise<void> {
      await db.deleteFrom('signup_holds').where('expires_at', '<=', now).execute();
      await db
        .insertInto('signup_holds')
        .values({
          username_lower: hold.username.toLowerCase(),
          email_lower: hold.email.toLowerCase(),
          password_hash: hold.passwordHash,
          expires_at: hold.expiresAt,
          created_at: hold.createdAt,
        })
        .onConflict((oc) => oc.column('username_lower').doNothing())
        .execute();
    },

    /** The unexpired hold a login identifier names (a username; an e-mail never matches). */
    findByLogin(identifier: string, now: number): Promise<{ password_hash: string } | undefined> {
      return db
        .selectFrom('signup_holds')
        .select('password_hash')
        .where('username_lower', '=', identifier.trim().toLowerCase())
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },
  };
}

export type SignupHoldsRepository = ReturnType<typeof createSignupHoldsRepository>;
