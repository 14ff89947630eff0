/** The admin's reseller management: accounts, balances and their movements. */
export { createAdminResellersRepository } from './admin-resellers-repository.js';
export { createAdminResellersService } from './admin-resellers-service.js';
export { adminResellersRoutes } from './admin-resellers-routes.js';
