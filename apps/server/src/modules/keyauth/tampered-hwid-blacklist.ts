import { protectionMessages } from '@chaveiro/contract';
import { defineHandler } from '../../events/index.js';
import type { ActivityService } from '../activity/index.js';
import { insertBlacklistedHwid } from './keyauth-apps-repository.js';

/**
 * A product's security rule blacklisting the HWID of a loader that reported a signal
 * (loader-security records `loader.tampered` with action `blacklist_hwid`): the machine goes on
 * the product's HWID blacklist, which this module owns, with an audit line. loader-security
 * already left out an HWID another active account has bound.
 */
export function createTamperedHwidBlacklist({
  activity,
}: {
  activity: Pick<ActivityService, 'record'>;
}) {
  return defineHandler({
    name: 'keyauth.blacklist-tampered-hwid', // Stored with each delivery: never rename.
    on: 'loader.tampered',
    when: (payload) => payload.action === 'blacklist_hwid',
    // The loader's answer says the HWID is blocked: its next authentication, which may follow at
    // once, must be refused.
    inAnswer: true,
    async handle({ payload, occurredAt }, trx) {
      const signal = protectionMessages.signals[payload.kind];
      const added = await insertBlacklistedHwid(trx, {
        productId: payload.productId,
        hwid: payload.hwid,
        reason: signal,
        userId: payload.userId,
        now: occurredAt,
      });
      if (!added) return;
      await activity.record(
        trx,
        { userId: payload.userId, username: payload.username, ip: payload.ip },
        {
          type: 'product.hwid_blocked',
          action: protectionMessages.logTamperBlacklisted(
            payload.hwid,
            payload.productName,
            signal,
          ),
          target: `product:${payload.productId}`,
        },
      );
    },
  });
}
