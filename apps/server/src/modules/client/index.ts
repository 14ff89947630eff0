/** The customer area: own subscriptions, machines, key redemption and loyalty. */
export { createClientRepository } from './client-repository.js';
export type { ClientRepository, MachineRow, OwnSubscriptionRow } from './client-repository.js';
export type { ClientService } from './client-service.js';
export { createClientService } from './client-service.js';
export { clientRoutes } from './client-routes.js';
export { isOnline, subscriptionStanding } from './subscription-standing.js';
