/** The admin's own name and avatar ('Personalizar Perfil'). */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { AvatarService, UserAdminRepository, UsersRepository } from '../users/index.js';
import { adminProfileRoutes } from './admin-profile-routes.js';
import { createAdminProfileService } from './admin-profile-service.js';

export function createAdminProfileModule({
  db,
  clock,
  uploads,
  users,
  userAdmin,
  avatars,
  activity,
}: Pick<Platform, 'db' | 'clock' | 'uploads'> & {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  avatars: AvatarService;
  activity: ActivityService;
}) {
  const adminProfile = createAdminProfileService({
    db,
    clock,
    users,
    userAdmin,
    avatars,
    activity,
  });
  return defineModule({
    name: 'admin-profile',
    routes: [
      {
        scope: 'api',
        prefix: '/admin/profile',
        plugin: adminProfileRoutes({ adminProfile, uploads }),
      },
    ],
  });
}
