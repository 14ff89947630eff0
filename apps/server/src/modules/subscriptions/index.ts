/**
 * Subscriptions: the one module that writes `subscriptions` and `machines`. Grants, pauses and
 * resumes, HWID resets, machine bindings and releases, day changes, and how an expiry reads.
 */
export { createSubscriptionsRepository } from './subscriptions-repository.js';
export type { SubscriptionDetail } from './subscriptions-repository.js';
export type { PauseAllSwitch } from './subscriptions-deps.js';
export type { Grant, SubscriptionsService } from './subscriptions-service.js';
export { createSubscriptionsService, effectiveExpiry } from './subscriptions-service.js';
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
