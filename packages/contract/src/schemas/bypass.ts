import { z } from 'zod';
import {
  BYPASS_DURATIONS_HOURS,
  BYPASS_LIMITS,
  BYPASS_REGIONS,
  BYPASS_UID_PATTERN,
  LIMITS,
} from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';

const v = messages.validation;
const b = messages.bypass;

/** A UID: trimmed, at least 5 (spec §5 'UID é obrigatório.'), letters, digits, _ and -. */
export const bypassUidSchema = z
  .string({ error: v.bypassUidRequired })
  .trim()
  .min(LIMITS.bypassUidMin, v.bypassUidRequired)
  .max(BYPASS_LIMITS.uidMax, b.uidFormat)
  .regex(BYPASS_UID_PATTERN, b.uidFormat);

/** A whitelisted UID (spec §3 Bypass UID); `active` is false once paused or out of time. */
export const bypassUidItemSchema = z.object({
  uid: z.string(),
  nickname: z.string().nullable(),
  region: z.enum(BYPASS_REGIONS),
  /** Hours left, 2 decimals; frozen while paused, 0 once the time ran out. */
  remaining_hours: z.number(),
  paused: z.boolean(),
  active: z.boolean(),
});
export type BypassUidItem = z.infer<typeof bypassUidItemSchema>;

/** `?q=` matches anywhere in the UID or the nickname, case-insensitively. */
export const bypassUidsQuerySchema = pageQuerySchema;
export type BypassUidsQuery = z.infer<typeof bypassUidsQuerySchema>;

export const bypassUidsPageSchema = pageOf(bypassUidItemSchema);
export type BypassUidsPage = z.infer<typeof bypassUidsPageSchema>;

export const createBypassUidBodySchema = z.strictObject({
  uid: bypassUidSchema,
  duration: z.literal(BYPASS_DURATIONS_HOURS, { error: v.bypassDurationRequired }),
  nickname: z
    .string()
    .trim()
    .max(BYPASS_LIMITS.nicknameMax, b.nicknameMax)
    .optional()
    .transform((nickname) => nickname || undefined),
  region: z.enum(BYPASS_REGIONS, { error: b.regionInvalid }).default('unknown'),
});
export type CreateBypassUidBody = z.input<typeof createBypassUidBodySchema>;
export type CreateBypassUidInput = z.output<typeof createBypassUidBodySchema>;

export const updateBypassUidBodySchema = z.strictObject({ newUid: bypassUidSchema });
export type UpdateBypassUidBody = z.infer<typeof updateBypassUidBodySchema>;

/** The UID in a path: looked up as given (a malformed one is simply not found). */
export const bypassUidParamSchema = z.object({ uid: z.string().trim().min(1).max(128) });

export const bypassPauseResponseSchema = z.object({ message: z.string(), paused: z.boolean() });
export type BypassPauseResponse = z.infer<typeof bypassPauseResponseSchema>;

/** What the external service learns about a UID (`GET /api/bypass/check/{uid}`). */
export const bypassCheckResponseSchema = z.object({
  active: z.boolean(),
  remaining_hours: z.number(),
  paused: z.boolean(),
});
export type BypassCheckResponse = z.infer<typeof bypassCheckResponseSchema>;

/** A bypass API key as listed: never the key itself, only its prefix. */
export const bypassApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
});
export type BypassApiKey = z.infer<typeof bypassApiKeySchema>;

export const bypassApiKeysQuerySchema = pageQuerySchema.omit({ q: true });
export const bypassApiKeysPageSchema = pageOf(bypassApiKeySchema);
export type BypassApiKeysPage = z.infer<typeof bypassApiKeysPageSchema>;

export const createBypassApiKeyBodySchema = z.strictObject({
  name: z
    .string({ error: b.apiKeyNameRequired })
    .trim()
    .min(1, b.apiKeyNameRequired)
    .max(BYPASS_LIMITS.apiKeyNameMax),
});
export type CreateBypassApiKeyBody = z.infer<typeof createBypassApiKeyBodySchema>;

/** The key is in this answer only; the server keeps its sha256. */
export const createBypassApiKeyResponseSchema = bypassApiKeySchema.extend({
  message: z.string(),
  key: z.string(),
});
export type CreateBypassApiKeyResponse = z.infer<typeof createBypassApiKeyResponseSchema>;
