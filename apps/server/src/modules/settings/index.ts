/**
 * Global settings (server status, maintenance, pause all users, the global reseller discount)
 * and the maintenance gate.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { SettingsRepository } from './settings-repository.js';
import { createSettingsRepository } from './settings-repository.js';
import { settingsRoutes } from './settings-routes.js';
import type { SettingsCache } from './settings-service.js';
import { createSettingsCache, createSettingsService } from './settings-service.js';

export type { SettingsRepository } from './settings-repository.js';
export { createSettingsRepository } from './settings-repository.js';
export type { SettingsCache } from './settings-service.js';
export { maintenanceGate, maintenanceGateFor } from './maintenance-gate.js';
export { resellerDiscountBasisPoints } from './reseller-discount.js';

/**
 * The stored settings and their cache, built before the modules that read them (the
 * subscriptions read the pause switch in their grants' transactions).
 */
export function createSettingsStoreModule({
  db,
  clock,
  sharedState,
}: Pick<Platform, 'db' | 'clock' | 'sharedState'>) {
  const settingsRows = createSettingsRepository(db);
  return defineModule({
    name: 'settings',
    services: {
      settingsRows,
      settingsCache: createSettingsCache({
        clock,
        repository: settingsRows,
        invalidations: sharedState,
      }),
    },
  });
}

/** The admin's changes of the settings, after the subscriptions that "pause all" freezes. */
export function createSettingsModule({
  db,
  clock,
  events,
  settingsRows,
  settingsCache,
  subscriptions,
  activity,
}: Pick<Platform, 'db' | 'clock' | 'events'> & {
  settingsRows: SettingsRepository;
  settingsCache: SettingsCache;
  subscriptions: Pick<SubscriptionsService, 'applyPauseAll'>;
  activity: ActivityService;
}) {
  const settings = createSettingsService({
    db,
    clock,
    repository: settingsRows,
    cache: settingsCache,
    subscriptions,
    activity,
    events,
  });
  return defineModule({
    name: 'settings',
    routes: [{ scope: 'api', prefix: '/settings', plugin: settingsRoutes({ settings }) }],
  });
}
