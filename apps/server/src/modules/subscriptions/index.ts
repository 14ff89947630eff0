/** Subscriptions: granting and extending them, and how their expiry reads. */
export type { SubscriptionDetail, SubscriptionsRepository } from './subscriptions-repository.js';
export { createSubscriptionsRepository, resumedColumns } from './subscriptions-repository.js';
export type { SubscriptionsService } from './subscriptions-service.js';
export { DAY_MS, createSubscriptionsService, effectiveExpiry } from './subscriptions-service.js';
