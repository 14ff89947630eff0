import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { createNotificationsService } from '../notifications/notifications-service.js';
import { createResellerRepository } from './reseller-repository.js';

const text = messages.reseller;
/** The notice names the key by its start only: the whole key is in the reseller's list. */
const KEY_PREFIX_LENGTH = 6;

/**
 * Tells a reseller that a key they bought was redeemed. Every redemption (the customer's redeem,
 * the loader's, the admin's "Link User") goes through `redeemKeyIn`, which calls this inside its
 * transaction: a rolled-back redemption never notifies.
 */
export function createKeyRedeemedNotice(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const repository = createResellerRepository(ctx.db);
  const notifications = createNotificationsService(ctx);
  return {
    async notify(executor: Kysely<Database>, keyId: string, redeemerId: string): Promise<void> {
      const row = await repository.redemptionNotice(keyId, executor);
      // Keys an admin generated notify nobody; a reseller redeeming their own key needs no news.
      if (!row?.created_by || row.creator_role !== 'reseller' || row.created_by === redeemerId) {
        return;
      }
      await notifications.notify(executor, {
        userId: row.created_by,
        kind: 'key_redeemed',
        title: text.keyRedeemedTitle,
        body: text.keyRedeemedBody(
          row.key.slice(0, KEY_PREFIX_LENGTH),
          row.product_name,
          row.redeemer ?? '',
        ),
        link: '/reseller/dashboard',
        // A key is redeemed once; the key makes the notice idempotent all the same.
        dedupeKey: `key-redeemed:${keyId}`,
      });
    },
  };
}
