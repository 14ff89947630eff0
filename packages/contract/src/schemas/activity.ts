import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.js';

/** One line of the admin activity log (spec §3: id, action, created_at). */
export const activitySchema = z.object({
  id: z.string(),
  action: z.string(),
  created_at: z.iso.datetime(),
});
export type Activity = z.infer<typeof activitySchema>;

export const recentActivitiesResponseSchema = z.array(activitySchema);
export type RecentActivitiesResponse = z.infer<typeof recentActivitiesResponseSchema>;

/** `?q=` searches the action text, case-insensitively. */
export const activityQuerySchema = pageQuerySchema;
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = pageOf(activitySchema);
export type ActivityPage = z.infer<typeof activityPageSchema>;
