/**
 * Subscriptions: the one module that writes `subscriptions` and `machines`. Grants, pauses and
 * resumes, HWID resets, machine bindings and releases, day changes, and how an expiry reads.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { PauseAllSwitch } from './subscriptions-deps.js';
import { createSubscriptionsRepository } from './subscriptions-repository.js';
import { createSubscriptionsService } from './subscriptions-service.js';

export type { SubscriptionDetail } from './subscriptions-repository.js';
export type { PauseAllSwitch } from './subscriptions-deps.js';
export type { Grant, SubscriptionsService } from './subscriptions-service.js';
export { effectiveExpiry } from './subscriptions-service.js';
export { DAY_MS } from './day-changes.js';
export { freeReleaseDue, recentlyBound } from './machine-release.js';
export type { BindingSubscription } from './machine-binding.js';
export { presenceUpdates } from './machine-presence-repository.js';
export type {
  ImportedMachineRow,
  ImportedSubscriptionRow,
} from './subscription-import-repository.js';
export {
  insertImportedMachines,
  insertImportedSubscriptions,
} from './subscription-import-repository.js';

export function createSubscriptionsModule({
  db,
  dialect,
  clock,
  events,
  settingsRows,
  activity,
  subscriptionCounts,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'events' | 'subscriptionCounts'> & {
  /** The grant's locked in-transaction read of pause_all_users (never the cache). */
  settingsRows: PauseAllSwitch;
  activity: ActivityService;
}) {
  return defineModule({
    name: 'subscriptions',
    services: {
      subscriptions: createSubscriptionsService({
        db,
        dialect,
        clock,
        repository: createSubscriptionsRepository(db, dialect, subscriptionCounts),
        settings: settingsRows,
        events,
        activity,
      }),
    },
  });
}
