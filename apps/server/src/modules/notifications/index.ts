/**
 * The bell: per-user notifications, the subscription-expiry reminders, and the notices sent on
 * domain events (a machine bound, a deposit approved or rejected, a ticket answered, API tokens
 * revoked by the end of a security epoch, a product's status changed: bell and e-mail), and the
 * customer's choice of optional e-mails.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { UsersRepository } from '../users/index.js';
import { createApiTokensRevokedMail } from './api-tokens-revoked-mail.js';
import {
  createDepositApprovedNotice,
  createDepositRejectedNotice,
  createTicketAnsweredNotice,
} from './customer-notices.js';
import { createExpiryReminders } from './expiry-reminders.js';
import { createMachineBoundNotice } from './machine-bound-notice.js';
import { createNewDeviceNotice } from './new-device-notice.js';
import { createNotificationsRepository } from './notifications-repository.js';
import { createNotificationPreferences } from './notification-preferences.js';
import { createNotificationPreferencesRepository } from './notification-preferences-repository.js';
import { notificationsRoutes } from './notifications-routes.js';
import { createNotificationsService } from './notifications-service.js';
import { createProductStatusMail } from './product-status-mail.js';
import { createProductStatusMailRepository } from './product-status-mail-repository.js';
import { createProductStatusNotices } from './product-status-notices.js';
import { createExpiryMail, createPurchaseNotices } from './purchase-notices.js';
import { createUnsubscribeLinks } from './unsubscribe-links.js';

export type { NotificationsService } from './notifications-service.js';
export type { ExpiryReminders } from './expiry-reminders.js';
export type { Notify } from './bell-notice.js';
export { bellNotice } from './bell-notice.js';

export function createNotificationsModule({
  db,
  backgroundReads,
  clock,
  runInBackground,
  config,
  mailer,
  jobLeases,
  events,
  log,
  users,
}: Pick<
  Platform,
  | 'db'
  | 'backgroundReads'
  | 'clock'
  | 'runInBackground'
  | 'config'
  | 'mailer'
  | 'jobLeases'
  | 'events'
  | 'log'
> & {
  users: Pick<UsersRepository, 'findById'>;
}) {
  const repository = createNotificationsRepository(db, backgroundReads);
  const notifications = createNotificationsService({ db, clock, repository });
  const mail = { config, mailer, users };
  const statusMails = createProductStatusMailRepository(db);
  const links = createUnsubscribeLinks(config.jwtSecret, config.publicUrl);
  const preferences = createNotificationPreferences({
    clock,
    repository: createNotificationPreferencesRepository(db),
    links,
  });
  return defineModule({
    name: 'notifications',
    // Other modules' handlers ring the bell in their own transactions.
    services: { notifications },
    routes: [
      {
        scope: 'api',
        prefix: '/notifications',
        plugin: notificationsRoutes({ notifications, preferences }),
      },
    ],
    handlers: [
      ...createMachineBoundNotice({ ...mail, notifications }),
      ...createNewDeviceNotice({ ...mail, notifications }),
      createApiTokensRevokedMail(mail),
      createDepositApprovedNotice({ notifications }),
      createDepositRejectedNotice({ notifications }),
      createTicketAnsweredNotice({ notifications }),
      ...createPurchaseNotices({ ...mail, notifications }),
      ...createExpiryMail(mail),
      ...createProductStatusNotices({
        clock,
        runInBackground,
        repository,
        mails: statusMails,
      }),
    ],
    jobs: {
      /** "Subscription expiring" notifications, checked at start and every few minutes. */
      expiryReminders: createExpiryReminders({
        clock,
        jobLeases,
        repository,
        notifications,
        events,
        log,
      }),
      /** Product status e-mails, each after its change's quiet period (every 30 s). */
      productStatusMail: createProductStatusMail({
        clock,
        jobLeases,
        config,
        mailer,
        repository: statusMails,
        links,
        log,
      }),
    },
  });
}
