import type { NotificationKind } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { createNotificationsRepository } from './notifications-repository.js';

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** pt-BR, shown as the popover line's title. */
  title: string;
  /** pt-BR detail line. */
  body: string;
  /** Web path opened on click, e.g. `/dashboard/support`. */
  link?: string | null;
  /** Notifies at most once per key (periodic checks run many times). */
  dedupeKey?: string | null;
}

export function createNotificationsService({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const repository = createNotificationsRepository(db);
  return {
    /**
     * Queues a notification for a user. Call it inside the transaction of the event it reports
     * (`executor`), so a rolled-back deposit approval never notifies.
     */
    async notify(executor: Kysely<Database>, input: NotificationInput): Promise<void> {
      await repository.insert(
        {
          id: newId(),
          userId: input.userId,
          kind: input.kind,
          title: input.title,
          body: input.body,
          link: input.link ?? null,
          dedupeKey: input.dedupeKey ?? null,
          createdAt: clock.now(),
        },
        executor,
      );
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
