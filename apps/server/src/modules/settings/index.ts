/**
 * Global settings (server status, maintenance, pause all users, the global reseller discount)
 * and the maintenance gate.
 */
export type { SettingsRepository } from './settings-repository.js';
export { createSettingsRepository } from './settings-repository.js';
export type { SettingsCache } from './settings-service.js';
export { createSettingsCache, createSettingsService } from './settings-service.js';
export { maintenanceGate, maintenanceGateFor } from './maintenance-gate.js';
export { resellerDiscountBasisPoints } from './reseller-discount.js';
export { settingsRoutes } from './settings-routes.js';
