/** Support tickets: the customer's and the admin's side. */
export { createSupportRepository } from './support-repository.js';
export type { SupportService } from './support-service.js';
export { createSupportService } from './support-service.js';
export { adminSupportRoutes, supportRoutes } from './support-routes.js';
