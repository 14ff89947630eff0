import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Queries on `notification_preferences`: a customer's optional e-mails (no row: all on). */
export function createNotificationPreferencesRepository(db: Kysely<Database>) {
  return {
    async productStatusMail(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('notification_preferences')
        .select('product_status_mail')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row === undefined || Number(row.product_status_mail) === 1;
    },

    /** Answers false when the account does not exist (an old link of a deleted account). */
    async setProductStatusMail(userId: string, on: boolean, at: number): Promise<boolean> {
      const value = on ? 1 : 0;
      const result = await db
        .insertInto('notification_preferences')
        .columns(['user_id', 'product_status_mail', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select([
              'users.id',
              sql<number>`cast(${value} as integer)`.as('product_status_mail'),
              sql<number>`cast(${at} as bigint)`.as('updated_at'),
            ])
            .where('users.id', '=', userId),
        )
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ product_status_mail: value, updated_at: at }),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}

export type NotificationPreferencesRepository = ReturnType<
  typeof createNotificationPreferencesRepository
>;
