import type { WebhookEventType } from '@chaveiro/contract';
import { WEBHOOK_LIMITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AnyEventHandler, DomainEvent } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { newId } from '../../platform/core/ids.js';
import type { SourceEventType, WebhookBody } from './webhook-payloads.js';
import { PUBLIC_TYPE_OF, buildEventData } from './webhook-payloads.js';
import type { WebhooksRepository } from './webhooks-repository.js';

export interface WebhookHandlersDeps extends Pick<AppContext, 'clock'> {
  repository: WebhooksRepository;
  /** Asks the dispatcher for a pass once the fan-out committed. */
  kick: () => void;
}

/** Whether an endpoint's stored event list holds `type`. */
export function subscribes(events: string, type: WebhookEventType): boolean {
  return (JSON.parse(events) as string[]).includes(type);
}

/**
 * One `handle` handler per source event (`webhooks.<event>`): in the delivery's transaction, one
 * pending delivery per enabled endpoint subscribed to the public type, carrying the exact body.
 * The outbox runs it once per event; the (endpoint, event) unique key makes a repeat a no-op.
 * `loader.refused` fans out only for a HWID mismatch (its `when`, so other refusals stay unstored).
 */
export function createWebhookHandlers({
  clock,
  repository,
  kick,
}: WebhookHandlersDeps): AnyEventHandler[] {
  async function handle(event: DomainEvent<SourceEventType>, trx: Kysely<Database>) {
    const type = PUBLIC_TYPE_OF[event.type];
    const endpoints = (await repository.enabledEndpoints(trx)).filter((endpoint) =>
      subscribes(endpoint.events, type),
    );
    if (endpoints.length === 0) return;
    const body: WebhookBody = {
      id: event.id,
      type,
      createdAt: new Date(event.occurredAt).toISOString(),
      data: await buildEventData(trx, repository, event),
    };
    const payload = JSON.stringify(body);
    const now = clock.now();
    const inserted = await repository.insertDeliveries(
      trx,
      endpoints.map((endpoint) => ({
        id: newId(),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: type,
        payload,
        now,
        windowEndsAt: now + WEBHOOK_LIMITS.retryWindowMs,
      })),
    );
    if (inserted > 0) kick();
  }

  return [
    defineHandler({ name: 'webhooks.key.redeemed', on: 'key.redeemed', handle }),
    defineHandler({ name: 'webhooks.purchase.completed', on: 'purchase.completed', handle }),
    defineHandler({ name: 'webhooks.deposit.paid', on: 'deposit.paid', handle }),
    defineHandler({ name: 'webhooks.deposit.refunded', on: 'deposit.refunded', handle }),
    defineHandler({ name: 'webhooks.subscription.expiring', on: 'subscription.expiring', handle }),
    defineHandler({ name: 'webhooks.subscription.expired', on: 'subscription.expired', handle }),
    defineHandler({ name: 'webhooks.subscription.paused', on: 'subscription.paused', handle }),
    defineHandler({ name: 'webhooks.subscription.resumed', on: 'subscription.resumed', handle }),
    defineHandler({ name: 'webhooks.user.registered', on: 'user.registered', handle }),
    defineHandler({ name: 'webhooks.user.banned', on: 'user.banned', handle }),
    defineHandler({ name: 'webhooks.hwid.reset', on: 'hwid.reset', handle }),
    defineHandler({ name: 'webhooks.machine.bound', on: 'machine.bound', handle }),
    defineHandler({
      name: 'webhooks.product.status_changed',
      on: 'product.status_changed',
      handle,
    }),
    defineHandler({ name: 'webhooks.delivery.leaked', on: 'delivery.leaked', handle }),
    defineHandler({ name: 'webhooks.loader.tampered', on: 'loader.tampered', handle }),
    defineHandler({
      name: 'webhooks.loader.refused',
      on: 'loader.refused',
      when: (payload) => payload.code === 'HWID_MISMATCH',
      handle,
    }),
  ];
}
