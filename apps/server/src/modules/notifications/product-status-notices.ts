import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { ProductOperationalStatus } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS, messages } from '@chaveiro/contract';
import type { AnyEventHandler, DomainEvent } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { NotificationsRepository, ProductStatusNotices } from './notifications-repository.js';
import type { ProductStatusMailRepository } from './product-status-mail-repository.js';

const text = messages.notifications;
/** Where a customer sees the product's status on their subscription's card. */
export const SUBSCRIPTIONS_PATH = '/dashboard';

type StatusChanged = DomainEvent<'product.status_changed'>['payload'];

/** The sentence a subscriber reads, before any time given back to their own subscription. */
export function statusSentence(
  product: string,
  status: ProductOperationalStatus,
  note: string | null,
  frozen: boolean,
): string {
  return status === 'operational'
    ? text.productStatusBack(product)
    : text.productStatusDown(product, PRODUCT_OPERATIONAL_LABELS[status], note, frozen);
}

/**
 * The bell lines of one change, for every active subscriber: ids derived from the event's (22
 * characters of its hash, then the subscription's: at most 64 with the separator), so a rerun
 * writes nothing twice. The time given back is each subscription's own, when the change ended
 * a freeze.
 */
export function productStatusNotices(
  event: { id: string; payload: StatusChanged },
  createdAt: number,
): ProductStatusNotices {
  const p = event.payload;
  return {
    idPrefix: `ps${createHash('sha256').update(event.id).digest('base64url').slice(0, 22)}.`,
    productId: p.productId,
    at: p.since,
    title: text.productStatusTitle(p.productName, PRODUCT_OPERATIONAL_LABELS[p.status]),
    body: statusSentence(p.productName, p.status, p.note, p.timeFrozen),
    givenBack:
      p.givenBackMs > 0 ? { since: p.since, suffix: text.productStatusGivenBack('') } : null,
    link: SUBSCRIPTIONS_PATH,
    createdAt,
  };
}

/**
 * Subscriptions per bell statement. Writes on the main connection wait for the statement's write
 * lock: on the bench's database (2.7 M notifications) 250 hold it about 2.5 ms, 1 000 about 21.
 */
export const BELL_CHUNK = 250;

/**
 * On `product.status_changed`: the bell line of every active subscriber, and the product's
 * status e-mail scheduled after its quiet period (the `productStatusMail` job sends it, one per
 * change however often the status was toggled).
 *
 * The bell lines are a `deliver`: as one statement in a transaction, 200 000 subscribers' took
 * SQLite's main thread about 2.5 s, the server answering nothing meanwhile. Instead they go
 * `chunkSize` subscriptions (in id order) per statement, each off the event loop
 * (`runInBackground`: SQLite's worker thread, which also syncs the WAL after it; PostgreSQL's
 * pool), the event loop free between them. Each statement is idempotent (a line's id is the
 * change's and its subscription's), so a crash or an expired lease repeats the delivery without
 * writing anyone twice; the delivery is marked done only after the last range.
 */
export function createProductStatusNotices({
  clock,
  runInBackground,
  repository,
  mails,
  chunkSize = BELL_CHUNK,
}: Pick<AppContext, 'clock' | 'runInBackground'> & {
  repository: Pick<
    NotificationsRepository,
    'productSubscriptionsRangeEnd' | 'productStatusNoticesQuery'
  >;
  mails: Pick<ProductStatusMailRepository, 'noteChange'>;
  /** Subscriptions per statement (tests use small ones). */
  chunkSize?: number;
}): AnyEventHandler[] {
  return [
    defineHandler({
      name: 'notifications.product-status', // Stored with each delivery: never rename.
      on: 'product.status_changed',
      // Still operational (a setting changed, not the status): nothing to tell.
      when: (payload) =>
        payload.status !== 'operational' || payload.previousStatus !== 'operational',
      async deliver(event) {
        const notices = productStatusNotices(event, clock.now());
        let after: string | null = null;
        for (;;) {
          const upTo = await repository.productSubscriptionsRangeEnd(
            notices.productId,
            after,
            chunkSize,
          );
          await runInBackground([repository.productStatusNoticesQuery(notices, { after, upTo })], {
            syncWal: true,
          });
          if (upTo === null) return;
          after = upTo;
          // Should the statements run on the main connection (the SQLite worker gone), requests
          // still get their turn between them.
          await setImmediate();
        }
      },
    }),
    defineHandler({
      name: 'notifications.product-status-mail', // Stored with each delivery: never rename.
      on: 'product.status_changed',
      async handle({ payload }, trx) {
        await mails.noteChange(trx, payload.productId, payload.since);
      },
    }),
  ];
}
