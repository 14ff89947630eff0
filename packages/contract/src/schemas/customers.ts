import { z } from 'zod';
import { PAUSED_BY, ROLES, SUBSCRIPTION_STATUSES, USER_STATUSES } from '../constants.js';
import { messages } from '../messages.js';
import { redeemHistoryItemSchema } from './client.js';
import { pageOf, pageQuerySchema } from './common.js';

const c = messages.customers;

/** Ids are UUIDs (UUIDv7 for new rows); anything else is a malformed request (400). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idField = z.string({ error: c.idInvalid }).regex(UUID_PATTERN, c.idInvalid);

/** `/api/users/:id/…` of the customer page. */
export const customerParamSchema = z.object({ id: idField });
export type CustomerParam = z.infer<typeof customerParamSchema>;

/** `DELETE /api/users/:id/machines/:machineId`. */
export const customerMachineParamSchema = z.object({ id: idField, machineId: idField });
export type CustomerMachineParam = z.infer<typeof customerMachineParamSchema>;

/** `?page=&pageSize=` of each section of the customer page. */
export const customerSectionQuerySchema = pageQuerySchema.omit({ q: true });
export type CustomerSectionQuery = z.infer<typeof customerSectionQuerySchema>;

/** A machine bound to one of the customer's subscriptions. */
export const customerMachineSchema = z.object({
  id: z.string(),
  hwid: z.string(),
  first_seen_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  /** A heartbeat within TIMING.onlineWindowMs (the loader's presence, a few seconds late). */
  online: z.boolean(),
  /** The address of its last heartbeat or sign-in; null for machines seen before it was kept. */
  last_ip: z.string().nullable(),
});
export type CustomerMachine = z.infer<typeof customerMachineSchema>;

export const customerSubscriptionSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Who paused it (the customer or 'Pausar todos'); null while running. */
  paused_by: z.enum(PAUSED_BY).nullable(),
  /** When it ends (a paused one: when it would end if resumed now). */
  expires_at: z.iso.datetime(),
  /** Whole days left (rounded up); 0 once expired. */
  days_remaining: z.number().int(),
  is_expired: z.boolean(),
  max_devices: z.number().int(),
  pause_credits: z.number().int(),
  hwid_reset_credits: z.number().int(),
  created_at: z.iso.datetime(),
  /** The latest access of any machine, bound now or since unbound. */
  last_seen_at: z.iso.datetime().nullable(),
  machines: z.array(customerMachineSchema),
});
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const customerProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  avatar_url: z.string().nullable(),
  email_verified: z.boolean(),
  totp_enabled: z.boolean(),
  /** In reais. */
  balance: z.number(),
  xp: z.number().int(),
  created_at: z.iso.datetime(),
  /** The latest sign-in on the site and its address; null when none was recorded. */
  last_login_at: z.iso.datetime().nullable(),
  last_login_ip: z.string().nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** `GET /api/users/:id/overview`: the head of the customer page. */
export const customerOverviewSchema = z.object({
  profile: customerProfileSchema,
  subscriptions: z.array(customerSubscriptionSchema),
});
export type CustomerOverview = z.infer<typeof customerOverviewSchema>;

/** `GET /api/users/:id/redeemed-keys`: the keys the customer redeemed, newest first. */
export const customerRedeemedKeysPageSchema = pageOf(redeemHistoryItemSchema);
export type CustomerRedeemedKeysPage = z.infer<typeof customerRedeemedKeysPageSchema>;
