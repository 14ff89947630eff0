import { errorResponseSchema, healthResponseSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { createHealthService } from './health-service.js';

export function healthRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const service = createHealthService(ctx);
  return (app, _options, done) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponseSchema, 500: errorResponseSchema },
        },
      },
      () => service.check(),
    );
    done();
  };
}
