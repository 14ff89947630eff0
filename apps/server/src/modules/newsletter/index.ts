/** The landing page's newsletter sign-up. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { createNewsletterRepository } from './newsletter-repository.js';
import { newsletterRoutes } from './newsletter-routes.js';
import { createNewsletterService } from './newsletter-service.js';

export function createNewsletterModule({ db, clock }: Pick<Platform, 'db' | 'clock'>) {
  const newsletter = createNewsletterService({
    clock,
    subscribers: createNewsletterRepository(db),
  });
  return defineModule({
    name: 'newsletter',
    routes: [{ scope: 'api', prefix: '/newsletter', plugin: newsletterRoutes({ newsletter }) }],
  });
}
