/**
 * Outgoing webhooks: endpoints, the fan-out handlers, the dispatcher. The service is
 * actor-based so another entry (API tokens, `/api/v1/webhook-endpoints`) can expose it too.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import { createWebhookDispatcher } from './webhook-dispatcher.js';
import { createWebhookHandlers } from './webhook-handlers.js';
import { createWebhooksRepository } from './webhooks-repository.js';
import { webhooksRoutes } from './webhooks-routes.js';
import { createWebhooksService } from './webhooks-service.js';

export type { UpdateWebhookInput, WebhooksService } from './webhooks-service.js';
export type { WebhookDispatcher } from './webhook-dispatcher.js';
export { signatureHeader } from './webhook-dispatcher.js';

export function createWebhooksModule({
  db,
  dialect,
  clock,
  config,
  jobLeases,
  log,
  activity,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'config' | 'jobLeases' | 'log'> & {
  activity: ActivityService;
}) {
  const repository = createWebhooksRepository(db, dialect);
  const dispatcher = createWebhookDispatcher({
    db,
    clock,
    jobLeases,
    repository,
    allowPrivate: config.webhooks.allowPrivateUrls,
    discordApiUrl: config.webhooks.discordApiUrl,
    log,
  });
  const webhooks = createWebhooksService({
    db,
    clock,
    repository,
    activity,
    dispatcher,
    allowPrivate: config.webhooks.allowPrivateUrls,
  });
  return defineModule({
    name: 'webhooks',
    // The seller API manages endpoints through the same service.
    services: { webhooks },
    routes: [{ scope: 'api', prefix: '/admin/webhooks', plugin: webhooksRoutes({ webhooks }) }],
    // The fan-out queues deliveries in the event's own transaction, then wakes the sender.
    handlers: createWebhookHandlers({ clock, repository, kick: () => dispatcher.kick() }),
    /** The outgoing webhooks' sender: every few seconds, and right after a fan-out. */
    jobs: { webhookDispatcher: dispatcher },
  });
}
