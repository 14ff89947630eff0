import type { NotificationKind } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string | null;
  createdAt: number;
}

/** Queries on `notifications`, each user's inbox. */
export function createNotificationsRepository(db: Kysely<Database>) {
  return {
    /** Inserts unless a notification with the same `dedupeKey` exists (then does nothing). */
    async insert(entry: NewNotification, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('notifications')
        .values({
          id: entry.id,
          user_id: entry.userId,
          kind: entry.kind,
          title: entry.title,
          body: entry.body,
          link: entry.link,
          dedupe_key: entry.dedupeKey,
          read_at: null,
          created_at: entry.createdAt,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },
  };
}
