/** The reseller's own area: buying keys, their list and stats; the notice of a redeemed key. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { KeyIssuer, KeysRepository } from '../keys/index.js';
import type { Notify } from '../notifications/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { createKeyRedeemedNotice } from './key-redeemed-notice.js';
import { createResellerRepository } from './reseller-repository.js';
import { resellerRoutes } from './reseller-routes.js';
import { createResellerService } from './reseller-service.js';

export type { ResellerService } from './reseller-service.js';

export function createResellerModule({
  db,
  clock,
  events,
  productRows,
  keyRows,
  keyIssuer,
  balance,
  activity,
  settingsRows,
  notifications,
}: Pick<Platform, 'db' | 'clock' | 'events'> & {
  productRows: ProductsRepository;
  keyRows: KeysRepository;
  keyIssuer: KeyIssuer;
  balance: BalanceService;
  activity: ActivityService;
  /** The global reseller discount, read in the purchase's own transaction. */
  settingsRows: SettingsRepository;
  notifications: Notify;
}) {
  const repository = createResellerRepository(db);
  const reseller = createResellerService({
    clock,
    repository,
    products: productRows,
    keys: keyRows,
    issuer: keyIssuer,
    balance,
    activity,
    settings: settingsRows,
    events,
  });
  return defineModule({
    name: 'reseller',
    // The seller API sells keys through the same purchase (same prices, rules and logs).
    services: { reseller },
    routes: [{ scope: 'api', prefix: '/reseller', plugin: resellerRoutes({ reseller }) }],
    handlers: [createKeyRedeemedNotice({ repository, notifications })],
  });
}
