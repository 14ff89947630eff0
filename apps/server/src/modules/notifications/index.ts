/**
 * The bell: per-user notifications, the subscription-expiry reminders, and the notices sent on
 * domain events (a machine bound, a deposit approved or rejected, a ticket answered, API tokens
 * revoked by the end of a security epoch).
 */
export { createNotificationsRepository } from './notifications-repository.js';
export type { NotificationsService } from './notifications-service.js';
export { createNotificationsService } from './notifications-service.js';
export type { ExpiryReminders } from './expiry-reminders.js';
export { createExpiryReminders } from './expiry-reminders.js';
export type { Notify } from './bell-notice.js';
export { bellNotice } from './bell-notice.js';
export { createMachineBoundNotice } from './machine-bound-notice.js';
export { createNewDeviceNotice } from './new-device-notice.js';
export { createApiTokensRevokedMail } from './api-tokens-revoked-mail.js';
export {
  createDepositApprovedNotice,
  createDepositRejectedNotice,
  createTicketAnsweredNotice,
} from './customer-notices.js';
export { notificationsRoutes } from './notifications-routes.js';
export { createExpiryMail, createPurchaseNotices } from './purchase-notices.js';
