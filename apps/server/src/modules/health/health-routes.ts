import { errorResponseSchema, healthResponseSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health-service.js';

export function healthRoutes({
  health: service,
}: {
  health: HealthService;
}): FastifyPluginCallbackZod {
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
