import { z } from 'zod';

/** The four cards of the admin dashboard (spec §2, §3), polled every second. */
export const metricsResponseSchema = z.object({
  onlineUsers: z.number().int(),
  activeUsers: z.number().int(),
  bannedUsers: z.number().int(),
  expiredSubscriptions: z.number().int(),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;
