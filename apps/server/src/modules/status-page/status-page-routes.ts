import { errorResponseSchema, publicStatusSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { StatusPageService } from './status-page-service.js';
import { STATUS_PAGE_CACHE_MS } from './status-page-service.js';

/** The public status page's data (no session). */
export function statusPageRoutes({
  statusPage,
}: {
  statusPage: StatusPageService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '',
      {
        schema: {
          tags: ['status'],
          summary: 'Products on sale, their operational status and last 90 days (no session)',
          response: { 200: publicStatusSchema, 500: errorResponseSchema },
        },
      },
      async (_request, reply) => {
        const status = await statusPage.publicStatus();
        // The same for everyone and never personal: browsers and proxies may share it as long
        // as the server keeps its own copy.
        void reply.header(
          'cache-control',
          `public, max-age=${String(STATUS_PAGE_CACHE_MS / 1000)}`,
        );
        return status;
      },
    );
    done();
  };
}
