import type {
  AdminSearchResponse,
  DeadDeliveriesPage,
  MessageResponse,
  RequeueDeliveryBody,
  WorkQueuesResponse,
} from '@chaveiro/contract';
import { ADMIN_SEARCH, DEAD_DELIVERIES_PAGE_SIZE, messages } from '@chaveiro/contract';
import type { Outbox } from '../../events/index.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { ActivityService } from '../activity/index.js';
import { keyStatusAt } from '../keys/index.js';
import type { AdminConsoleRepository } from './admin-console-repository.js';

const text = messages.adminConsole;

export interface AdminConsoleServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: AdminConsoleRepository;
  /** Dead deliveries: listed and put back in line by the admin. */
  outbox: Pick<Outbox, 'listDead' | 'requeue'>;
  activity: ActivityService;
}

/**
 * The admin console's work queues, the command palette's search and the outbox's dead
 * deliveries.
 */
export function createAdminConsoleService({
  db,
  clock,
  repository,
  outbox,
  activity,
}: AdminConsoleServiceDeps) {
  return {
    queues(): Promise<WorkQueuesResponse> {
      return repository.queueCounts();
    },

    /** Up to 5 accounts (username or e-mail prefix), keys (key prefix) and products (name). */
    async search(q: string): Promise<AdminSearchResponse> {
      const limit = ADMIN_SEARCH.perKind;
      const [users, keys, products] = await Promise.all([
        repository.usersStartingWith(q, limit),
        repository.keysStartingWith(q, limit),
        repository.productsNamed(q, limit),
      ]);
      const now = clock.now();
      // By username first, then by e-mail; an account matching both is listed once.
      const seen = new Set<string>();
      const accounts = users.filter((user) => !seen.has(user.id) && seen.add(user.id));
      return {
        users: accounts.slice(0, limit),
        keys: keys.map((key) => ({
          id: key.id,
          key: key.key,
          product: key.product_name,
          status: keyStatusAt(key, now),
        })),
        products,
      };
    },

    /** One page of dead deliveries (one more read tells whether a next page exists). */
    async deadDeliveries(page: number): Promise<DeadDeliveriesPage> {
      const size = DEAD_DELIVERIES_PAGE_SIZE;
      const rows = await outbox.listDead({ limit: size + 1, offset: (page - 1) * size });
      return {
        items: rows.slice(0, size).map((row) => ({
          eventId: row.eventId,
          handler: row.handler,
          type: row.type,
          occurredAt: new Date(row.occurredAt).toISOString(),
          attempts: row.attempts,
          lastError: row.lastError,
        })),
        page,
        hasMore: rows.length > size,
      };
    },

    /** "Reprocessar": the dead delivery runs again on the outbox's next poll (seconds). */
    async requeue(key: RequeueDeliveryBody, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        if (!(await outbox.requeue(key, trx))) throw new NotFoundError(text.deliveryNotDead);
        await activity.record(trx, actor, {
          type: 'delivery.requeued',
          action: text.logDeliveryRequeued(key.handler, key.eventId),
          target: `event:${key.eventId}`,
        });
      });
      return { message: text.deliveryRequeued };
    },
  };
}

export type AdminConsoleService = ReturnType<typeof createAdminConsoleService>;
