/** Seller API tokens: minted and revoked by their owners, checked by the `/api/v1` guard. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import { createApiTokensRepository } from './api-tokens-repository.js';
import { apiTokensRoutes } from './api-tokens-routes.js';
import { createApiTokensService } from './api-tokens-service.js';
import { createApiTokenEpochRevocation } from './epoch-revocation.js';

export type { ApiTokensService } from './api-tokens-service.js';

export function createApiTokensModule({
  db,
  dialect,
  clock,
  background,
  runInBackground,
  events,
  activity,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'background' | 'runInBackground' | 'events'> & {
  activity: ActivityService;
}) {
  const repository = createApiTokensRepository(db, dialect);
  const apiTokens = createApiTokensService({
    db,
    clock,
    background,
    runInBackground,
    repository,
    activity,
  });
  return defineModule({
    name: 'api-tokens',
    // Its `authenticate` is the `/api/v1` guard's per-request check (app.ts).
    services: { apiTokens },
    routes: [{ scope: 'api', prefix: '/api-tokens', plugin: apiTokensRoutes({ apiTokens }) }],
    handlers: [createApiTokenEpochRevocation({ repository, events })],
  });
}
