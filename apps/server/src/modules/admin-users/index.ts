/** The admin's 'Gerenciar Usuários': the user table, the create form and the manage dialog. */
export { createUserDirectoryRepository } from './user-directory-repository.js';
export type { AdminUsersService } from './admin-users-service.js';
export { createAdminUsersService } from './admin-users-service.js';
export { adminUsersRoutes } from './admin-users-routes.js';
