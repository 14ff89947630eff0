import type { HealthProbeResponse, HealthResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { ServiceUnavailableError } from '../../platform/core/errors.js';
import type { HealthRepository } from './health-repository.js';

/** Redis answers a PING within this, or the node is not ready (its nonces would be refused). */
const REDIS_PING_TIMEOUT_MS = 1_000;

export function createHealthService({
  dialect,
  draining,
  sharedState,
  repository,
}: Pick<AppContext, 'dialect' | 'draining' | 'sharedState'> & { repository: HealthRepository }) {
  // Once every migration this build knows is applied it stays so (migrations are never undone
  // under a running server), so a probe polled every few seconds asks only once.
  let migrated = false;
  return {
    /** Healthy means the database answers; a failure surfaces as a 500 from the error handler. */
    async check(): Promise<HealthResponse> {
      await repository.ping();
      return { status: 'ok', database: dialect };
    },

    /** Liveness: answering at all proves the process and its event loop are up. */
    live(): HealthProbeResponse {
      return { status: 'ok' };
    },

    /**
     * Readiness: not shutting down, the database answers and has every migration this build
     * knows, Redis (when configured) answers; otherwise a 503 whose code says which.
     */
    async ready(): Promise<HealthProbeResponse> {
      if (draining.active) {
        throw new ServiceUnavailableError(messages.health.draining, 'DRAINING');
      }
      try {
        await repository.ping();
      } catch {
        throw new ServiceUnavailableError(
          messages.health.databaseUnavailable,
          'DATABASE_UNAVAILABLE',
        );
      }
      if (!migrated) {
        if ((await repository.pendingMigrations()).length > 0) {
          throw new ServiceUnavailableError(
            messages.health.migrationsPending,
            'MIGRATIONS_PENDING',
          );
        }
        migrated = true;
      }
      const redisAnswered = sharedState.ping(REDIS_PING_TIMEOUT_MS);
      if (redisAnswered && !(await redisAnswered)) {
        throw new ServiceUnavailableError(messages.health.redisUnavailable, 'REDIS_UNAVAILABLE');
      }
      return { status: 'ok' };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
