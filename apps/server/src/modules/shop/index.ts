/** The customer's shop: plans paid from the balance. */
export { createShopRepository } from './shop-repository.js';
export { createShopService } from './shop-service.js';
export { shopRoutes } from './shop-routes.js';
