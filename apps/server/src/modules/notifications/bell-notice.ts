import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventHandler, EventPayload, EventType } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { NotificationInput, NotificationsService } from './notifications-service.js';

export type Notify = Pick<NotificationsService, 'notify'>;

/**
 * A `handle` handler that writes one bell line per event, exactly once: `notice` builds it from
 * the payload (reading in `trx` if it must), or answers undefined when nobody is to be told.
 */
export function bellNotice<T extends EventType>(
  notifications: Notify,
  handler: {
    /** Stored with each delivery: never rename. */
    name: string;
    on: T;
    notice: (
      payload: EventPayload<T>,
      trx: Kysely<Database>,
    ) => NotificationInput | undefined | Promise<NotificationInput | undefined>;
  },
): EventHandler<T> {
  return defineHandler({
    name: handler.name,
    on: handler.on,
    async handle({ payload }, trx) {
      const notice = await handler.notice(payload, trx);
      if (notice) await notifications.notify(trx, notice);
    },
  });
}
