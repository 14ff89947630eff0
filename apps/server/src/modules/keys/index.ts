/** Licence keys: the admin's key table, issuing new keys, and redeeming a key. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import { createKeyIssuer } from './key-issuer.js';
import { createKeyRedemption } from './key-redemption.js';
import { createKeysRepository } from './keys-repository.js';
import { keysRoutes } from './keys-routes.js';
import { createKeysService } from './keys-service.js';

export type { ImportedKeyRow, KeyListRow, KeysRepository } from './keys-repository.js';
export { createKeysRepository, keyStatusAt } from './keys-repository.js';
export type { KeyIssuer } from './key-issuer.js';
export type { KeyRedemption, Redemption } from './key-redemption.js';
export type { KeyActor, KeysService } from './keys-service.js';

export function createKeysModule({
  db,
  backgroundReads,
  dialect,
  clock,
  events,
  keyTotals,
  productRows,
  subscriptions,
  users,
  activity,
}: Pick<Platform, 'db' | 'backgroundReads' | 'dialect' | 'clock' | 'events' | 'keyTotals'> & {
  productRows: ProductsRepository;
  subscriptions: SubscriptionsService;
  users: UsersRepository;
  activity: ActivityService;
}) {
  const keyRows = createKeysRepository(db, dialect, keyTotals, backgroundReads);
  const keyIssuer = createKeyIssuer({ clock, keys: keyRows });
  /** One redemption for the customer's redeem, the loader and KeyAuth's `license`. */
  const redemption = createKeyRedemption({
    events,
    clock,
    keys: keyRows,
    users,
    subscriptions,
    products: productRows,
  });
  const keys = createKeysService({
    db,
    clock,
    keys: keyRows,
    products: productRows,
    subscriptions,
    redemption,
    activity,
    issuer: keyIssuer,
    events,
  });
  return defineModule({
    name: 'keys',
    services: { keys, keyRows, keyIssuer, redemption },
    routes: [{ scope: 'api', prefix: '/keys', plugin: keysRoutes({ keys }) }],
  });
}
