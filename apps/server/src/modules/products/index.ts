/** Products, their plans and their DLL. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { FileUploadService, FilesService } from '../files/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { createLoaderReleasesRepository } from './loader-releases-repository.js';
import { createProductOperationalStatus } from './product-operational-status.js';
import { createProductProtection } from './product-protection-service.js';
import { createProductStatusPeriodsRepository } from './product-status-periods-repository.js';
import { createProductsRepository } from './products-repository.js';
import { productsRoutes } from './products-routes.js';
import { createProductsService } from './products-service.js';

export type { ProductRecord, ProductsRepository } from './products-repository.js';
export { createProductsRepository } from './products-repository.js';
export type { ProductsService } from './products-service.js';
export type { ProductOperationalStatusService } from './product-operational-status.js';
export { assertProductEnabled } from './product-availability.js';
export { protectionOf, securityRulesOf } from './product-protection.js';
export type { ProtectionColumns } from './product-protection.js';
export { assertPurchasable, isPurchasable } from './product-sellability.js';
export type { SellabilityFields } from './product-sellability.js';

export function createProductsModule({
  db,
  dialect,
  clock,
  uploads,
  keyTotals,
  subscriptionCounts,
  events,
  files,
  fileUploads,
  activity,
  subscriptions,
}: Pick<
  Platform,
  'db' | 'dialect' | 'clock' | 'uploads' | 'keyTotals' | 'subscriptionCounts' | 'events'
> & {
  files: FilesService;
  fileUploads: FileUploadService;
  activity: ActivityService;
  subscriptions: Pick<SubscriptionsService, 'applyProductFreeze'>;
}) {
  const productRows = createProductsRepository(db, keyTotals, dialect, subscriptionCounts);
  const releases = createLoaderReleasesRepository(db);
  const products = createProductsService({
    db,
    clock,
    products: productRows,
    releases,
    files,
    uploads: fileUploads,
    activity,
  });
  const productStatus = createProductOperationalStatus({
    clock,
    products: productRows,
    periods: createProductStatusPeriodsRepository(db),
    subscriptions,
    events,
    activity,
    productView: (id) => products.view(id),
  });
  const protection = createProductProtection({
    db,
    clock,
    products: productRows,
    releases,
    activity,
  });
  return defineModule({
    name: 'products',
    services: { products, productRows, productStatus },
    routes: [
      {
        scope: 'api',
        prefix: '/products',
        plugin: productsRoutes({ products, productStatus, protection, uploads }),
      },
    ],
  });
}
