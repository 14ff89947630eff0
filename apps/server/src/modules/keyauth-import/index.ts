/** Import of a KeyAuth seller's exports (issue #26): admin route and `npm run import:keyauth`. */
export type { KeyAuthImport, KeyAuthImportInput } from './keyauth-import-service.js';
export { createKeyAuthImport } from './keyauth-import-service.js';
export type { KeyAuthImportRepository } from './keyauth-import-repository.js';
export { createKeyAuthImportRepository } from './keyauth-import-repository.js';
export { keyAuthImportRoutes } from './keyauth-import-routes.js';
export { runKeyAuthImportCli } from './keyauth-import-cli.js';
