import { createHash } from 'node:crypto';
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
 * On `product.status_changed`: the bell line of every active subscriber (one statement, exactly
 * once), and the product's status e-mail scheduled after its quiet period (the
 * `productStatusMail` job sends it, one per change however often the status was toggled).
 */
export function createProductStatusNotices({
  clock,
  repository,
  mails,
}: Pick<AppContext, 'clock'> & {
  repository: Pick<NotificationsRepository, 'insertProductStatusNotices'>;
  mails: Pick<ProductStatusMailRepository, 'noteChange'>;
}): AnyEventHandler[] {
  return [
    defineHandler({
      name: 'notifications.product-status', // Stored with each delivery: never rename.
      on: 'product.status_changed',
      // Still operational (a setting changed, not the status): nothing to tell.
      when: (payload) =>
        payload.status !== 'operational' || payload.previousStatus !== 'operational',
      async handle(event, trx) {
        await repository.insertProductStatusNotices(trx, productStatusNotices(event, clock.now()));
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
