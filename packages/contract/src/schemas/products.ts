import { z } from 'zod';
import { ADMIN_LIMITS, PLAN_DURATION_TYPES, PRODUCT_STATUSES } from '../constants.js';
import { messages } from '../messages.js';

const v = messages.validation;

/** The product's DLL as stored (sha256 of its bytes, original file name). */
export const productFileSchema = z.object({
  sha256: z.string(),
  size: z.number().int(),
  name: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type ProductFile = z.infer<typeof productFileSchema>;

/** Prices in reais keyed by duration type; a missing type has no plan (spec §7). */
export const productPlansSchema = z.partialRecord(z.enum(PLAN_DURATION_TYPES), z.number());
export type ProductPlans = z.infer<typeof productPlansSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  plans: productPlansSchema,
  file: productFileSchema.nullable(),
  /** Subscriptions or unused keys use it: deleting it alone is refused (409). */
  inUse: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productsResponseSchema = z.array(productSchema);

/** A price in reais: at least 0 with at most 2 decimals (spec §5, step 0.01). */
const priceSchema = z
  .number({ error: v.pricePositive })
  .min(0, v.pricePositive)
  .max(ADMIN_LIMITS.priceMaxCents / 100, v.pricePositive)
  .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, v.pricePositive);

/** Create and edit share one body; an empty or null price leaves that plan out. */
export const productBodySchema = z.strictObject({
  name: z
    .string({ error: v.productNameRequired })
    .trim()
    .min(1, v.productNameRequired)
    .max(ADMIN_LIMITS.productNameMax),
  description: z.string().trim().max(ADMIN_LIMITS.productDescriptionMax).default(''),
  plans: z
    .strictObject({
      daily: priceSchema.nullish(),
      weekly: priceSchema.nullish(),
      'bi-weekly': priceSchema.nullish(),
      monthly: priceSchema.nullish(),
    })
    .default({}),
});
export type ProductBody = z.infer<typeof productBodySchema>;

export const productSavedResponseSchema = z.object({
  message: z.string(),
  product: productSchema,
});

export const productStatusBodySchema = z.strictObject({ status: z.enum(PRODUCT_STATUSES) });
export type ProductStatusBody = z.infer<typeof productStatusBodySchema>;

/** `?cascade=true` deletes the product's subscriptions and unused keys with it. */
export const deleteProductQuerySchema = z.object({
  cascade: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const uploadDllResponseSchema = z.object({
  message: z.string(),
  file: productFileSchema,
});
export type UploadDllResponse = z.infer<typeof uploadDllResponseSchema>;
