/** The customer area: own subscriptions, machines, key redemption and loyalty. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { AnalyticsRepository } from '../analytics/index.js';
import type { FilesService } from '../files/index.js';
import type { KeyRedemption } from '../keys/index.js';
import type { SettingsCache } from '../settings/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import { createClientRepository } from './client-repository.js';
import { clientRoutes } from './client-routes.js';
import { createClientService } from './client-service.js';

export type { ClientRepository, MachineRow, OwnSubscriptionRow } from './client-repository.js';
export type { ClientService } from './client-service.js';
export { isOnline, subscriptionStanding } from './subscription-standing.js';

export function createClientModule({
  db,
  clock,
  users,
  settingsCache,
  subscriptions,
  redemption,
  usage,
  files,
}: Pick<Platform, 'db' | 'clock'> & {
  users: UsersRepository;
  settingsCache: SettingsCache;
  subscriptions: SubscriptionsService;
  redemption: KeyRedemption;
  usage: Pick<AnalyticsRepository, 'usage'>;
  files: FilesService;
}) {
  const clientRows = createClientRepository(db);
  const client = createClientService({
    clock,
    client: clientRows,
    users,
    settings: settingsCache,
    subscriptions,
    redemption,
    usage,
    files,
  });
  return defineModule({
    name: 'client',
    // The admin's customer page shows what the customer sees of themself.
    services: { client, clientRows },
    routes: [{ scope: 'api', prefix: '/client', plugin: clientRoutes({ client }) }],
  });
}
