import type { HealthResponse } from '@chaveiro/contract';
import type { AppContext } from '../../platform/context.js';
import { createHealthRepository } from './health-repository.js';

export function createHealthService({ db, dialect }: Pick<AppContext, 'db' | 'dialect'>) {
  const repository = createHealthRepository(db);
  return {
    /** Healthy means the database answers; a failure surfaces as a 500 from the error handler. */
    async check(): Promise<HealthResponse> {
      await repository.ping();
      return { status: 'ok', database: dialect };
    },
  };
}
