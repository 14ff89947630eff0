import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';

/** Ending one machine's loader sessions without unbinding it (a product's security rule). */
export function createMachineSessions({
  repository,
}: Pick<SubscriptionsServiceDeps, 'repository'>) {
  return {
    /**
     * Every loader session of the machine issued up to `at` ends: its next heartbeat or download
     * is refused with SESSION_ENDED (loader module); a new authentication opens a new one.
     */
    endMachineSessions(
      machineId: string,
      at: number,
      executor: Kysely<Database>,
    ): Promise<boolean> {
      return repository.endSessions(machineId, at, executor);
    },
  };
}
