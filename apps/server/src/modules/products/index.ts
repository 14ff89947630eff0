/** Products, their plans and their DLL. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { FileUploadService, FilesService } from '../files/index.js';
import { createProductsRepository } from './products-repository.js';
import { productsRoutes } from './products-routes.js';
import { createProductsService } from './products-service.js';

export type { ProductRecord, ProductsRepository } from './products-repository.js';
export { createProductsRepository } from './products-repository.js';
export type { ProductsService } from './products-service.js';
export { assertProductEnabled } from './product-availability.js';
export { assertPurchasable, isPurchasable } from './product-sellability.js';
export type { SellabilityFields } from './product-sellability.js';

export function createProductsModule({
  db,
  clock,
  uploads,
  keyTotals,
  files,
  fileUploads,
  activity,
}: Pick<Platform, 'db' | 'clock' | 'uploads' | 'keyTotals'> & {
  files: FilesService;
  fileUploads: FileUploadService;
  activity: ActivityService;
}) {
  const productRows = createProductsRepository(db, keyTotals);
  const products = createProductsService({
    db,
    clock,
    products: productRows,
    files,
    uploads: fileUploads,
    activity,
  });
  return defineModule({
    name: 'products',
    services: { products, productRows },
    routes: [{ scope: 'api', prefix: '/products', plugin: productsRoutes({ products, uploads }) }],
  });
}
