import {
  errorResponseSchema,
  healthProbeResponseSchema,
  healthResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health-service.js';

/**
 * A load balancer polls the probes every few seconds on every node: their access-log lines
 * would drown the rest. Warnings and errors are still logged.
 */
const PROBE_LOG_LEVEL = 'warn';

/** No session needed; open during maintenance (modules/settings/maintenance-gate.ts). */
export function healthRoutes({
  health: service,
}: {
  health: HealthService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponseSchema, 500: errorResponseSchema },
        },
      },
      () => service.check(),
    );
    app.get(
      '/live',
      {
        logLevel: PROBE_LOG_LEVEL,
        schema: {
          tags: ['health'],
          summary: 'Liveness probe: the process and its event loop answer (no database call)',
          response: { 200: healthProbeResponseSchema },
        },
      },
      () => service.live(),
    );
    app.get(
      '/ready',
      {
        logLevel: PROBE_LOG_LEVEL,
        schema: {
          tags: ['health'],
          summary: 'Readiness probe for a load balancer',
          description:
            'Status 200 while the database answers, every migration of this build is applied, ' +
            'Redis answers (when REDIS_URL is set) and the process is not shutting down; ' +
            'otherwise 503 with code DATABASE_UNAVAILABLE, MIGRATIONS_PENDING, ' +
            'REDIS_UNAVAILABLE or DRAINING.',
          response: { 200: healthProbeResponseSchema, 503: errorResponseSchema },
        },
      },
      () => service.ready(),
    );
    done();
  };
}
