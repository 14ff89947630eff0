/** The admin's own name and avatar ('Personalizar Perfil'). */
export { createAdminProfileService } from './admin-profile-service.js';
export { adminProfileRoutes } from './admin-profile-routes.js';
