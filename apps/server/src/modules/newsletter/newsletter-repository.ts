import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Queries on `newsletter_subscribers`. */
export function createNewsletterRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the address unless it is already there. The unique index on `email` decides, so two
     * simultaneous sign-ups of one address still leave a single row.
     */
    async insertIfAbsent(subscriber: {
      id: string;
      email: string;
      createdAt: number;
    }): Promise<void> {
      await db
        .insertInto('newsletter_subscribers')
        .values({ id: subscriber.id, email: subscriber.email, created_at: subscriber.createdAt })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
