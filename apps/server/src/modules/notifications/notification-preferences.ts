import type {
  NotificationPreferences,
  NotificationPreferencesBody,
  NotificationPreferencesResponse,
} from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import type { NotificationPreferencesRepository } from './notification-preferences-repository.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

/** A customer's optional e-mails: read and changed by their owner, or by the e-mail's link. */
export function createNotificationPreferences({
  clock,
  repository,
  links,
}: Pick<AppContext, 'clock'> & {
  repository: NotificationPreferencesRepository;
  links: UnsubscribeLinks;
}) {
  return {
    async get(userId: string): Promise<NotificationPreferences> {
      return { productStatusMail: await repository.productStatusMail(userId) };
    },

    async set(
      userId: string,
      body: NotificationPreferencesBody,
    ): Promise<NotificationPreferencesResponse> {
      await repository.setProductStatusMail(userId, body.productStatusMail, clock.now());
      return {
        message: messages.notifications.preferencesSaved(body.productStatusMail),
        productStatusMail: body.productStatusMail,
      };
    },

    /**
     * The e-mail's one-click link: turns product status e-mails off for the account it was
     * signed for. False (nothing changed) when the link was not signed by this server.
     */
    async unsubscribe(link: { u?: string | undefined; s?: string | undefined }): Promise<boolean> {
      if (!link.u || !link.s || !links.verify(link.u, link.s)) return false;
      // An account deleted since has nothing left to turn off: the answer is the same.
      await repository.setProductStatusMail(link.u, false, clock.now());
      return true;
    },

    /** Whether the link is this server's (the confirmation page before the change). */
    isValidLink(link: { u: string; s: string }): boolean {
      return links.verify(link.u, link.s);
    },
  };
}

export type NotificationPreferencesService = ReturnType<typeof createNotificationPreferences>;
