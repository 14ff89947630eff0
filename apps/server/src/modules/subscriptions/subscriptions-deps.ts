import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { ActivityService } from '../activity/index.js';
import type { SubscriptionsRepository } from './subscriptions-repository.js';

/**
 * The "pause all users" switch as the settings module stores it (its repository fits): read
 * locked inside a transaction, FOR SHARE on PostgreSQL, so a grant and a change of the pause
 * take turns. Declared here so the settings module, which calls this one, is not imported back.
 */
export interface PauseAllSwitch {
  getLocked(
    key: 'pause_all_users',
    executor: Kysely<Database>,
    dialect: SqlDialect,
  ): Promise<string | undefined>;
}

/** What the subscriptions service is built from; each part takes the few it uses. */
export interface SubscriptionsServiceDeps extends Pick<AppContext, 'db' | 'dialect' | 'clock'> {
  repository: SubscriptionsRepository;
  /** The grant's locked in-transaction read of pause_all_users (never a cache). */
  settings: PauseAllSwitch;
  /**
   * Pauses, resumes, HWID resets, releases and bindings record their event in their
   * transaction.
   */
  events: EventRecorder;
  /** The administration's changes write their audit line in their transaction. */
  activity: Pick<ActivityService, 'record'>;
}
