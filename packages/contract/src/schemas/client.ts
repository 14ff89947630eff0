import { z } from 'zod';
import { LICENSE_KEY_PATTERN, PRODUCT_OPERATIONAL_STATUSES } from '../constants.js';
import { messages } from '../messages.js';
import { clientLoaderSchema } from './loader-file.js';

/** One card of "Minhas Assinaturas" (spec §3 Client subscription). */
/** A machine bound to a subscription, as the card lists it. */
export const boundMachineSchema = z.object({
  id: z.string(),
  hwid: z.string(),
  /** ISO time it was bound. */
  bound_at: z.string(),
  last_seen_at: z.string(),
  is_online: z.boolean(),
  /** Releasing it now is free (bound recently, free release available); else 1 reset credit. */
  free_release: z.boolean(),
});
export type BoundMachine = z.infer<typeof boundMachineSchema>;

export const clientSubscriptionSchema = z.object({
  subscription_id: z.string(),
  product_name: z.string(),
  subscription_status: z.enum(['active', 'paused']),
  /** ISO; for a paused subscription, the expiry it would have if resumed now. */
  expires_at: z.string(),
  days_remaining: z.number().int(),
  is_expired: z.boolean(),
  /** Bound HWIDs joined by ", ", or null when none. */
  hwid: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  is_online: z.boolean(),
  pause_credits: z.number().int(),
  hwid_reset_credits: z.number().int(),
  max_devices: z.number().int(),
  /** Paused by the administration (pause all): the user cannot resume it. */
  paused_by_admin: z.boolean(),
  /**
   * Its clock is stopped by its product's outage (a status that freezes time): it runs again by
   * itself when the product returns, so there is nothing to resume; pausing it meanwhile spends
   * a credit and keeps it paused after the product returns.
   */
  frozen_by_product: z.boolean(),
  /** Whether the product works now, the seller's public note and since when. */
  product_status: z.object({
    status: z.enum(PRODUCT_OPERATIONAL_STATUSES),
    note: z.string().nullable(),
    /** Not operational and freezing its customers' time. */
    time_frozen: z.boolean(),
    /** ISO time the current status began. */
    since: z.string(),
  }),
  /**
   * What the product's latest freeze gave back to this subscription and when (ISO), shown for
   * a week after the freeze ended; null otherwise.
   */
  given_back: z.object({ ms: z.number().int(), at: z.string() }).nullable(),
  /** Bound machines, most recently seen first. */
  machines: z.array(boundMachineSchema),
  /** Minutes any of its machines was online over the last 30 São Paulo days (today included). */
  online_minutes_30d: z.number().int(),
  /** Those minutes per day, oldest first: 30 values ending today. */
  usage_days: z.array(z.object({ day: z.string(), minutes: z.number().int() })),
  /** The product's loader file to download, or null when none was uploaded. */
  loader: clientLoaderSchema.nullable(),
});
export type ClientSubscription = z.infer<typeof clientSubscriptionSchema>;

export const rankProgressSchema = z.object({
  rank: z.string(),
  xp: z.number().int(),
  next: z
    .object({ rank: z.string(), xp: z.number().int(), remaining: z.number().int() })
    .nullable(),
  progress: z.number().int(),
});

export const clientDashboardSchema = z.object({
  subscriptions: z.array(clientSubscriptionSchema),
  /** Balance in reais (2 decimals). */
  balance: z.number(),
  xp: z.number().int(),
  rank: rankProgressSchema,
  server_status: z.enum(['online', 'offline']),
  /** ISO time from which the daily bonus can be claimed again; null when available now. */
  daily_bonus_available_at: z.string().nullable(),
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;

export const subscriptionStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'paused']),
});

/** The body may be absent (spec: no payload) when the user has a single subscription. */
export const resetHwidBodySchema = z
  .strictObject({ subscriptionId: z.string().min(1).max(64).optional() })
  .nullish();

export const machineParamsSchema = z.object({
  id: z.string().min(1).max(64),
  machineId: z.string().min(1).max(64),
});

/** Normalised as the redeem boxes do: trimmed, upper-case, separators removed. */
export const redeemKeyBodySchema = z.strictObject({
  keyValue: z
    .string({ error: messages.client.keyFormat })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(LICENSE_KEY_PATTERN, messages.client.keyFormat)),
});
export type RedeemKeyBody = z.infer<typeof redeemKeyBodySchema>;

export const redeemHistoryItemSchema = z.object({
  id: z.string(),
  key_value: z.string(),
  product_name: z.string(),
  expires_at: z.string(),
  subscription_status: z.enum(['active', 'expired']),
  redeemed_at: z.string(),
});
export type RedeemHistoryItem = z.infer<typeof redeemHistoryItemSchema>;

export const dailyBonusResponseSchema = z.object({
  message: z.string(),
  xp: z.number().int(),
  rank: rankProgressSchema,
  daily_bonus_available_at: z.string(),
});
export type DailyBonusResponse = z.infer<typeof dailyBonusResponseSchema>;
