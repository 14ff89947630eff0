/** Import of a KeyAuth seller's exports: admin route and `npm run import:keyauth`. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { KeysRepository } from '../keys/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { UsersRepository } from '../users/index.js';
import { createKeyAuthImportRepository } from './keyauth-import-repository.js';
import { keyAuthImportRoutes } from './keyauth-import-routes.js';
import { createKeyAuthImport } from './keyauth-import-service.js';

export type { KeyAuthImport, KeyAuthImportInput } from './keyauth-import-service.js';
export { createKeyAuthImport } from './keyauth-import-service.js';
export type { KeyAuthImportRepository } from './keyauth-import-repository.js';
export { createKeyAuthImportRepository } from './keyauth-import-repository.js';
export { runKeyAuthImportCli } from './keyauth-import-cli.js';

export function createKeyAuthImportModule({
  db,
  clock,
  users,
  productRows,
  keyRows,
  activity,
  subscriptionCounts,
}: Pick<Platform, 'db' | 'clock' | 'subscriptionCounts'> & {
  users: UsersRepository;
  productRows: ProductsRepository;
  keyRows: KeysRepository;
  activity: ActivityService;
}) {
  const keyAuthImport = createKeyAuthImport({
    db,
    clock,
    repository: createKeyAuthImportRepository(),
    usersRepository: users,
    products: productRows,
    keyRows,
    activity,
    subscriptionCounts,
  });
  return defineModule({
    name: 'keyauth-import',
    routes: [
      {
        scope: 'api',
        prefix: '/admin/keyauth-import',
        plugin: keyAuthImportRoutes({ keyAuthImport }),
      },
    ],
  });
}
