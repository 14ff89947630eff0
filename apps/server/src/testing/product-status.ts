import type { ProductOperationalStatus } from '@chaveiro/contract';
import { timeFreezes } from '@chaveiro/contract';
import type { EventPayload } from '../events/index.js';
import type { TestApp } from './test-app.js';

export type StatusChange = Partial<EventPayload<'product.status_changed'>> & {
  status: ProductOperationalStatus;
};

/**
 * A product's status changed as the products module changes it: its row now says so, and
 * `product.status_changed` is recorded (then its handlers have run). For the handlers' tests:
 * the subscriptions' clocks are the test's to set.
 */
export async function changeProductStatus(
  t: TestApp,
  product: { id: string; name: string },
  change: StatusChange,
): Promise<EventPayload<'product.status_changed'>> {
  const before = await t.database.db
    .selectFrom('products')
    .select(['operational_status', 'freeze_time'])
    .where('id', '=', product.id)
    .executeTakeFirstOrThrow();
  const payload: EventPayload<'product.status_changed'> = {
    productId: product.id,
    productName: product.name,
    previousStatus: before.operational_status,
    note: null,
    timeFrozen: timeFreezes({ status: change.status, freezeTime: before.freeze_time }),
    previousTimeFrozen: timeFreezes({
      status: before.operational_status,
      freezeTime: before.freeze_time,
    }),
    since: t.clock.now(),
    subscriptionsAffected: 0,
    givenBackMs: 0,
    changedBy: null,
    reason: null,
    ...change,
  };
  await t.app.outbox.transaction(async (trx) => {
    await trx
      .updateTable('products')
      .set({
        operational_status: payload.status,
        status_note: payload.note,
        status_since: payload.since,
      })
      .where('id', '=', product.id)
      .execute();
    await t.app.outbox.record(trx, 'product.status_changed', payload);
  });
  await t.app.outbox.idle();
  return payload;
}
