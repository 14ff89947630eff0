/** Products, their plans and their DLL. */
export type { ProductRecord, ProductsRepository } from './products-repository.js';
export { createProductsRepository } from './products-repository.js';
export { createProductsService } from './products-service.js';
export { assertProductEnabled } from './product-availability.js';
export { productsRoutes } from './products-routes.js';
export { productsV1Routes } from './products-v1-routes.js';
