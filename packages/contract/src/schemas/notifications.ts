import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';

const n = messages.notifications;

/** One line of the bell's popover. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Web path opened on click, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications?page=&pageSize=`: the caller's own, newest first. */
export const notificationsQuerySchema = pageQuerySchema.omit({ q: true });
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsPageSchema = pageOf(notificationSchema).extend({
  /** Unread notifications of the caller in all pages (the bell's badge). */
  unreadCount: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** `POST /api/notifications/read`: some of the caller's notifications, or all of them. */
export const markNotificationsReadBodySchema = z.union(
  [
    z.strictObject({
      ids: z.array(z.string().min(1).max(64)).min(1).max(NOTIFICATION_LIMITS.markReadIdsMax),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: n.readBodyInvalid },
);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export const markNotificationsReadResponseSchema = z.object({
  message: z.string(),
  unreadCount: z.number().int(),
});
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

/** `GET /api/notifications/preferences`: which optional e-mails the caller receives. */
export const notificationPreferencesSchema = z.object({
  /** E-mails when a product the caller subscribes to changes status (on unless turned off). */
  productStatusMail: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/notifications/preferences`. */
export const notificationPreferencesBodySchema = z.strictObject({
  productStatusMail: z.boolean({ error: n.preferencesInvalid }),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

export const notificationPreferencesResponseSchema = notificationPreferencesSchema.extend({
  message: z.string(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/**
 * `/api/notifications/unsubscribe?u=&s=`: the status e-mail's one-click link, the account and
 * the server's signature of it (no session).
 */
export const unsubscribeQuerySchema = z.object({
  u: z
    .string({ error: n.unsubscribeInvalid })
    .min(1, n.unsubscribeInvalid)
    .max(64, n.unsubscribeInvalid),
  s: z
    .string({ error: n.unsubscribeInvalid })
    .min(1, n.unsubscribeInvalid)
    .max(128, n.unsubscribeInvalid),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;
