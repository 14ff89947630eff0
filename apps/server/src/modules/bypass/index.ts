/** Bypass UIDs and the API keys that query them. */
export { createBypassRepository } from './bypass-repository.js';
export { createBypassService } from './bypass-service.js';
export { bypassRoutes } from './bypass-routes.js';
