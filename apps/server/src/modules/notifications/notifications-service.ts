import type {
  MarkNotificationsReadBody,
  MarkNotificationsReadResponse,
  NotificationKind,
  NotificationsPage,
  NotificationsQuery,
} from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { newId } from '../../platform/core/ids.js';
import type { NotificationsRepository } from './notifications-repository.js';

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

export interface NotificationsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: NotificationsRepository;
}

export function createNotificationsService({ db, clock, repository }: NotificationsServiceDeps) {
  return {
    /**
     * Queues a notification for a user. Call it inside the transaction of the event it reports
     * (`executor`), so a rolled-back deposit approval never notifies. Answers whether it was
     * written (false when its `dedupeKey` was already used).
     */
    async notify(executor: Kysely<Database>, input: NotificationInput): Promise<boolean> {
      return repository.insert(
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

    async list(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
      const { rows, total, unread } = await repository.page(
        userId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: row.title,
          body: row.body,
          link: row.link,
          read: row.read_at !== null,
          created_at: new Date(row.created_at).toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        unreadCount: unread,
      };
    },

    /** Only the caller's own notifications are touched; ids of others are ignored. */
    async markRead(
      userId: string,
      body: MarkNotificationsReadBody,
    ): Promise<MarkNotificationsReadResponse> {
      const unreadCount = await withTransaction(db, async (trx) => {
        await repository.markRead(userId, 'ids' in body ? body.ids : null, clock.now(), trx);
        return repository.countUnread(userId, trx);
      });
      return { message: messages.notifications.markedRead, unreadCount };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
