/** The bell: per-user notifications, and the subscription-expiry reminders. */
export { createNotificationsRepository } from './notifications-repository.js';
export type { NotificationsService } from './notifications-service.js';
export { createNotificationsService } from './notifications-service.js';
export type { ExpiryReminders } from './expiry-reminders.js';
export { createExpiryReminders } from './expiry-reminders.js';
export { notificationsRoutes } from './notifications-routes.js';
