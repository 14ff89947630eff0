/** Balance deposits by PIX: the customer's request and the admin's decision. */
export { createDepositsRepository } from './deposits-repository.js';
export type { CreateDepositOptions, DepositsService } from './deposits-service.js';
export { createDepositsService } from './deposits-service.js';
export { createManualPixProvider } from './payment-provider.js';
export { adminDepositsRoutes, depositsRoutes } from './deposits-routes.js';
