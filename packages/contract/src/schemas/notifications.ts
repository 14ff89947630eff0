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
