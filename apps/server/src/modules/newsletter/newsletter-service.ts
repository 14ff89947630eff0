import type { MessageResponse, NewsletterBody } from '@chaveiro/contract';
import { newsletterMessages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { createNewsletterRepository } from './newsletter-repository.js';

export function createNewsletterService({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const subscribers = createNewsletterRepository(db);
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
