/** The signed-in user's own account: names, password, avatar and two-factor login. */
export { createProfileService } from './profile-service.js';
export { profileRoutes } from './profile-routes.js';
