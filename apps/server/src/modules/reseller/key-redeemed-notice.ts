import { messages } from '@chaveiro/contract';
import type { Notify } from '../notifications/index.js';
import { bellNotice } from '../notifications/index.js';
import type { ResellerRepository } from './reseller-repository.js';

const text = messages.reseller;
/** The notice names the key by its start only: the whole key is in the reseller's list. */
const KEY_PREFIX_LENGTH = 6;

/**
 * Tells a reseller that a key they bought was redeemed, on `key.redeemed` (every redemption:
 * the customer's redeem, the loader's, the admin's "Link User"). It runs after the redemption
 * committed, so a rolled-back redemption never notifies.
 */
export function createKeyRedeemedNotice({
  repository,
  notifications,
}: {
  repository: Pick<ResellerRepository, 'redemptionNotice'>;
  notifications: Notify;
}) {
  return bellNotice(notifications, {
    name: 'reseller.key-redeemed-notice',
    on: 'key.redeemed',
    async notice(payload, trx) {
      const row = await repository.redemptionNotice(payload.keyId, trx);
      // Keys an admin generated notify nobody; a reseller redeeming their own key needs no news.
      if (
        !row?.created_by ||
        row.creator_role !== 'reseller' ||
        row.created_by === payload.userId
      ) {
        return undefined;
      }
      return {
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
        dedupeKey: `key-redeemed:${payload.keyId}`,
      };
    },
  });
}
