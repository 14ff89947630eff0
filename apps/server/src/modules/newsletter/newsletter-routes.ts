import { messageResponseSchema, newsletterBodySchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../platform/http/rate-limit.js';
import { errorResponses } from '../../platform/http/route-schemas.js';
import type { NewsletterService } from './newsletter-service.js';

const HOUR = 60 * 60_000;

/** Public newsletter sign-up from the landing page's footer (no session). */
export function newsletterRoutes({
  newsletter: service,
}: {
  newsletter: NewsletterService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '',
      {
        // Per IP: a public form must not become a way to fill the table with scripted addresses.
        preHandler: rateLimit({ name: 'newsletter-ip', max: 5, windowMs: HOUR }),
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an e-mail address to the newsletter (idempotent)',
          body: newsletterBodySchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
        },
      },
      (request) => service.subscribe(request.body),
    );
    done();
  };
}
