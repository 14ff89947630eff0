import type { MessageResponse, NewsletterBody } from '@chaveiro/contract';
import { newsletterMessages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { newId } from '../../platform/core/ids.js';
import type { NewsletterRepository } from './newsletter-repository.js';

export function createNewsletterService({
  clock,
  subscribers,
}: Pick<AppContext, 'clock'> & { subscribers: NewsletterRepository }) {
  return {
    /**
     * Subscribes an address once. A repeat answers the same success, so the form cannot be used
     * to learn whether someone is already on the list.
     */
    async subscribe(body: NewsletterBody): Promise<MessageResponse> {
      await subscribers.insertIfAbsent({ id: newId(), email: body.email, createdAt: clock.now() });
      return { message: newsletterMessages.subscribed };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
