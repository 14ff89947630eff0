/** The admin's customer page: one account with its machines, money, tickets and keys. */
export { createCustomerRepository } from './customer-repository.js';
export type { AdminCustomersService } from './admin-customers-service.js';
export { createAdminCustomersService } from './admin-customers-service.js';
export { adminCustomersRoutes } from './admin-customers-routes.js';
