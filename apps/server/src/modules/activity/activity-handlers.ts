import { messages } from '@chaveiro/contract';
import { defineHandler } from '../../events/index.js';
import type { ActivityRepository } from './activity-repository.js';
import type { ActivityService } from './activity-service.js';

const log = messages.activity;

export interface ActivityHandlersDeps {
  activity: Pick<ActivityService, 'recordOnce'>;
  repository: Pick<ActivityRepository, 'redemptionNames'>;
}

/**
 * Audit-log lines written from domain events (docs/architecture.md), one per event: the line's
 * id derives from the event's, so a handler run twice writes it once.
 *
 * - `key.redeemed` by a customer (site) or the loader: who redeemed which key, from where. An
 *   admin's "Link User" writes its own `key.linked` line in its transaction: not repeated here.
 *
 * Purchases (`purchase.completed`), deposits and loader refusals are logged by the services that
 * make them, in their own transactions.
 */
export function createActivityHandlers({ activity, repository }: ActivityHandlersDeps) {
  return [
    defineHandler({
      name: 'activity.key-redeemed', // Stored with each delivery: never rename.
      on: 'key.redeemed',
      async handle(event, trx) {
        const { payload } = event;
        if (payload.via === 'admin') return;
        const names = await repository.redemptionNames(
          payload.keyId,
          payload.userId,
          payload.productId,
          trx,
        );
        const username = names.username ?? payload.userId;
        await activity.recordOnce(
          trx,
          event.id,
          { userId: payload.userId, username: names.username, ip: payload.ip ?? null },
          {
            type: 'key.redeemed',
            action: log.keyRedeemed(
              names.key ?? payload.keyId,
              username,
              names.product ?? payload.productId,
              payload.days,
              log.redeemedVia[payload.via ?? 'customer'],
            ),
            target: `key:${payload.keyId}`,
          },
          event.occurredAt,
        );
      },
    }),
  ];
}
