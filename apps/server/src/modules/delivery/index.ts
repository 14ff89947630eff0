/**
 * Protected delivery (docs/loader-protocol.md): each copy of a product file handed to a loader
 * session, marked with its delivery and sealed to the session's key; the admin's list of
 * deliveries and the leak trace.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { FilesService } from '../files/index.js';
import { createDeliveryRepository } from './delivery-repository.js';
import { deliveryRoutes } from './delivery-routes.js';
import { createDeliveryService } from './delivery-service.js';

export type {
  DeliveryFileBlock,
  DeliveryRefusal,
  DeliveryService,
  OpenedDelivery,
} from './delivery-service.js';

export function createDeliveryModule({
  db,
  dialect,
  clock,
  config,
  events,
  uploads,
  files,
  activity,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'config' | 'events' | 'uploads'> & {
  files: Pick<FilesService, 'stream'>;
  activity: ActivityService;
}) {
  const deliveries = createDeliveryService({
    clock,
    jwtSecret: config.jwtSecret,
    repository: createDeliveryRepository(db, dialect),
    // A piece (≤ 1 MiB) at a time: a 64 MB DLL is never whole in memory.
    filePieces: (sha256) => files.stream(sha256),
    activity,
    events,
  });
  return defineModule({
    name: 'delivery',
    // The loader's auth and download, and KeyAuth's file, deliver through it.
    services: { deliveries },
    routes: [
      { scope: 'api', prefix: '/deliveries', plugin: deliveryRoutes({ deliveries, uploads }) },
    ],
  });
}
