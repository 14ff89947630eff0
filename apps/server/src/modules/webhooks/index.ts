/**
 * Outgoing webhooks: endpoints, the fan-out handlers, the dispatcher. The service
 * is actor-based so another entry (API tokens, `/api/v1/webhook-endpoints`) can expose it too.
 */
export type { WebhooksRepository } from './webhooks-repository.js';
export { createWebhooksRepository } from './webhooks-repository.js';
export type { UpdateWebhookInput, WebhooksService } from './webhooks-service.js';
export { createWebhooksService } from './webhooks-service.js';
export type { WebhookDispatcher } from './webhook-dispatcher.js';
export { createWebhookDispatcher, signatureHeader } from './webhook-dispatcher.js';
export { createWebhookHandlers } from './webhook-handlers.js';
export { webhooksRoutes } from './webhooks-routes.js';
