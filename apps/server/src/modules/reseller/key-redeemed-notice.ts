import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ResellerRepository } from './reseller-repository.js';

const text = messages.reseller;
/** The notice names the key by its start only: the whole key is in the reseller's list. */
const KEY_PREFIX_LENGTH = 6;

/**
 * Tells a reseller that a key they bought was redeemed. Every redemption (the customer's redeem,
 * the loader's, the admin's "Link User") goes through the keys module's redemption, which calls
 * this inside its transaction (services.ts wires it): a rolled-back redemption never notifies.
 */
export function createKeyRedeemedNotice({
  repository,
  notifications,
}: {
  repository: ResellerRepository;
  notifications: NotificationsService;
}) {
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

export type KeyRedeemedNotice = ReturnType<typeof createKeyRedeemedNotice>;
