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
import type { FilePieces } from './marked-copies.js';

export type {
  DeliveryFileBlock,
  DeliveryRefusal,
  DeliveryService,
  OpenedDelivery,
} from './delivery-service.js';

/** Pieces of a stored file: at most this many bytes each. */
const PIECE_BYTES = 1024 * 1024;

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
  files: FilesService;
  activity: ActivityService;
}) {
  // Until chunked storage (files.stream) is merged: the stored bytes, handed out in pieces.
  const filePieces: FilePieces = async function* (sha256) {
    const { bytes } = await files.read(sha256);
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
      yield bytes.subarray(at, at + PIECE_BYTES);
    }
  };
  const deliveries = createDeliveryService({
    clock,
    jwtSecret: config.jwtSecret,
    repository: createDeliveryRepository(db, dialect),
    filePieces,
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
