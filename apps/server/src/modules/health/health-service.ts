import type { HealthResponse } from '@chaveiro/contract';
import type { AppContext } from '../../platform/context.js';
import type { HealthRepository } from './health-repository.js';

export function createHealthService({
  dialect,
  repository,
}: Pick<AppContext, 'dialect'> & { repository: HealthRepository }) {
  return {
    /** Healthy means the database answers; a failure surfaces as a 500 from the error handler. */
    async check(): Promise<HealthResponse> {
      await repository.ping();
      return { status: 'ok', database: dialect };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
