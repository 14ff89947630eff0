/** The landing page's newsletter sign-up. */
export { createNewsletterRepository } from './newsletter-repository.js';
export { createNewsletterService } from './newsletter-service.js';
export { newsletterRoutes } from './newsletter-routes.js';
