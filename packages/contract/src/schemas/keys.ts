import { z } from 'zod';
import {
  ADMIN_LIMITS,
  KEY_STATUSES,
  PLAN_DURATION_TYPES,
  SUBSCRIPTION_STATUSES,
} from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';
import { exportIdsSchema, keySortSchema } from './tables.js';

const a = messages.admin;

/** An empty query parameter (`?status=`) means "any", as a select's blank option sends it. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** `?q=` matches the start of the key or of the client's username, case-insensitively. */
export const keysQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankAsAbsent, z.enum(KEY_STATUSES).optional()),
  productId: z.preprocess(blankAsAbsent, z.string().max(64).optional()),
  /** `created_at`, `status` or `product` (the product's name), `:asc` or `:desc`. */
  sort: keySortSchema,
});
export type KeysQuery = z.infer<typeof keysQuerySchema>;

/** The CSV export takes the list's filters and sort without paging, or the selected `ids`. */
export const keysExportQuerySchema = keysQuerySchema
  .pick({ q: true, status: true, productId: true, sort: true })
  .extend({ ids: exportIdsSchema });
export type KeysExportQuery = z.infer<typeof keysExportQuerySchema>;

/** A row of the key table (spec §3 Key; validity in days). */
export const keyRowSchema = z.object({
  id: z.string(),
  key: z.string(),
  product: z.string(),
  productId: z.string(),
  validity: z.number().int(),
  status: z.enum(KEY_STATUSES),
  /** Username of who redeemed it, if anyone. */
  client: z.string().nullable(),
  /** Id of who redeemed it (the customer page's link), if the account still exists. */
  clientId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type KeyListItem = z.infer<typeof keyRowSchema>;

export const keysPageSchema = pageOf(keyRowSchema);
export type KeysPage = z.infer<typeof keysPageSchema>;

/** Validity is given in days or as a plan duration type, exactly one of the two. */
export const generateKeysBodySchema = z
  .strictObject({
    productId: z
      .string({ error: messages.validation.productRequired })
      .trim()
      .min(1, messages.validation.productRequired)
      .max(64, messages.validation.productRequired),
    days: z
      .number({ error: a.daysPositive })
      .int(a.daysPositive)
      .min(1, a.daysPositive)
      .max(ADMIN_LIMITS.daysMax)
      .optional(),
    durationType: z.enum(PLAN_DURATION_TYPES).optional(),
    quantity: z
      .number({ error: a.keyQuantityRange })
      .int(a.keyQuantityRange)
      .min(1, a.keyQuantityRange)
      .max(ADMIN_LIMITS.keysPerBatchMax, a.keyQuantityRange)
      .default(1),
    /**
     * 'Resgatar até' (YYYY-MM-DD, optional): unused keys can be redeemed until the end of that
     * day in São Paulo time, then they are expired.
     */
    redeemBy: z.iso.date({ error: a.redeemByInvalid }).optional(),
  })
  .refine(
    (body) => (body.days === undefined) !== (body.durationType === undefined),
    a.keyValidityRequired,
  );
export type GenerateKeysBody = z.infer<typeof generateKeysBodySchema>;

export const generateKeysResponseSchema = z.object({
  message: z.string(),
  keys: z.array(z.string()),
});
export type GenerateKeysResponse = z.infer<typeof generateKeysResponseSchema>;

/** The key menu's View Info. */
export const keyInfoSchema = keyRowSchema.omit({ client: true, clientId: true }).extend({
  /** The redeem-by instant set at generation, if any. */
  redeemBy: z.iso.datetime().nullable(),
  createdBy: z.string().nullable(),
  redeemedBy: z.string().nullable(),
  redeemedAt: z.iso.datetime().nullable(),
  /** The subscription the key fed (its redeemer's subscription to the key's product). */
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      expiresAt: z.iso.datetime(),
    })
    .nullable(),
});
export type KeyInfo = z.infer<typeof keyInfoSchema>;

export const linkKeyBodySchema = z.strictObject({
  userId: z
    .string({ error: a.userIdRequired })
    .trim()
    .min(1, a.userIdRequired)
    .max(64, a.userIdRequired),
});
export type LinkKeyBody = z.infer<typeof linkKeyBodySchema>;

/** Reset Duration (`days`) or ban/unban (`status`) of an unused key, one at a time. */
export const updateKeyBodySchema = z
  .strictObject({
    days: z
      .number({ error: a.daysPositive })
      .int(a.daysPositive)
      .min(1, a.daysPositive)
      .max(ADMIN_LIMITS.daysMax)
      .optional(),
    status: z.enum(['active', 'banned']).optional(),
  })
  .refine((body) => (body.days === undefined) !== (body.status === undefined), a.keyUpdateRequired);
export type UpdateKeyBody = z.infer<typeof updateKeyBodySchema>;
