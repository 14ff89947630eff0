import { z } from 'zod';
import {
  ADMIN_LIMITS,
  PLAN_DURATION_TYPES,
  PRODUCT_OPERATIONAL_STATUSES,
  PRODUCT_STATUS_LIMITS,
  PRODUCT_STATUSES,
} from '../constants.js';
import { messages, productStatusMessages } from '../messages.js';
import { productLoaderSchema } from './loader-file.js';
import { productProtectionSchema } from './protection.js';

const v = messages.validation;
const rp = messages.resellerPricing;

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

/**
 * Whether the product works now (apart from whether it is on sale): its operational status, the
 * seller's public note, whether its customers' time stands still meanwhile, whether it can still
 * be bought meanwhile, and since when.
 */
export const productOperationalSchema = z.object({
  status: z.enum(PRODUCT_OPERATIONAL_STATUSES),
  note: z.string().nullable(),
  freezeTime: z.boolean(),
  sellWhileDown: z.boolean(),
  since: z.iso.datetime(),
});
export type ProductOperational = z.infer<typeof productOperationalSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  operational: productOperationalSchema,
  plans: productPlansSchema,
  /**
   * The reseller price the admin set per plan, in reais; a plan left out sells to resellers at
   * its retail price less the global discount (`effectiveResellerCents`).
   */
  resellerPlans: productPlansSchema,
  file: productFileSchema.nullable(),
  /** The executable customers download and run, or null when none was uploaded. */
  loader: productLoaderSchema.nullable(),
  /** Protected delivery, offline grace, the loader's minimum version and policies ("Proteção"). */
  protection: productProtectionSchema,
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

/** A reseller price: like a retail price, with its own message. */
const resellerPriceSchema = z
  .number({ error: rp.resellerPriceInvalid })
  .min(0, rp.resellerPriceInvalid)
  .max(ADMIN_LIMITS.priceMaxCents / 100, rp.resellerPriceInvalid)
  .refine(
    (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
    rp.resellerPriceInvalid,
  );

const planPrices = <T extends z.ZodType>(price: T) =>
  z
    .strictObject({
      daily: price.nullish(),
      weekly: price.nullish(),
      'bi-weekly': price.nullish(),
      monthly: price.nullish(),
    })
    .default({});

/**
 * Create and edit share one body; an empty or null price leaves that plan out. A reseller price
 * needs the plan's retail price and may not exceed it (a seller typing one above retail has
 * almost certainly mistyped it); equal is allowed (no margin, but no loss either).
 */
export const productBodySchema = z
  .strictObject({
    name: z
      .string({ error: v.productNameRequired })
      .trim()
      .min(1, v.productNameRequired)
      .max(ADMIN_LIMITS.productNameMax),
    description: z.string().trim().max(ADMIN_LIMITS.productDescriptionMax).default(''),
    plans: planPrices(priceSchema),
    resellerPlans: planPrices(resellerPriceSchema),
  })
  .superRefine((body, ctx) => {
    for (const type of PLAN_DURATION_TYPES) {
      const reseller = body.resellerPlans[type];
      if (reseller === null || reseller === undefined) continue;
      const retail = body.plans[type];
      const path = ['resellerPlans', type];
      if (retail === null || retail === undefined) {
        ctx.addIssue({ code: 'custom', message: rp.resellerPriceWithoutRetail, path });
      } else if (Math.round(reseller * 100) > Math.round(retail * 100)) {
        ctx.addIssue({ code: 'custom', message: rp.resellerPriceAboveRetail, path });
      }
    }
  });
export type ProductBody = z.infer<typeof productBodySchema>;

export const productSavedResponseSchema = z.object({
  message: z.string(),
  product: productSchema,
});

export const productStatusBodySchema = z.strictObject({ status: z.enum(PRODUCT_STATUSES) });
export type ProductStatusBody = z.infer<typeof productStatusBodySchema>;

const ps = productStatusMessages;

/**
 * A change of the operational status (the console's `PATCH /api/products/:id/operational` and the
 * seller API's `PATCH /api/v1/products/:id/status`). The note is public; `reason` is the audit
 * log's "why" (the note when left out). `freezeTime` defaults to on, `sellWhileDown` to off;
 * both are kept as they were when left out of a later change.
 */
export const productOperationalBodySchema = z.strictObject({
  status: z.enum(PRODUCT_OPERATIONAL_STATUSES, { error: ps.statusInvalid }),
  note: z
    .string({ error: ps.noteTooLong })
    .trim()
    .max(PRODUCT_STATUS_LIMITS.noteMax, ps.noteTooLong)
    .nullish()
    .transform((note) => note || null),
  freezeTime: z.boolean({ error: ps.freezeTimeInvalid }).optional(),
  sellWhileDown: z.boolean({ error: ps.sellWhileDownInvalid }).optional(),
  reason: z
    .string({ error: ps.reasonTooLong })
    .trim()
    .max(PRODUCT_STATUS_LIMITS.reasonMax, ps.reasonTooLong)
    .nullish()
    .transform((reason) => reason || null),
});
export type ProductOperationalBody = z.input<typeof productOperationalBodySchema>;

/** One period of a product's status history, newest first. */
export const productStatusPeriodSchema = z.object({
  id: z.string(),
  status: z.enum(PRODUCT_OPERATIONAL_STATUSES),
  note: z.string().nullable(),
  freezeTime: z.boolean(),
  startedAt: z.iso.datetime(),
  /** Null while it is the current one. */
  endedAt: z.iso.datetime().nullable(),
  durationMs: z.number().int(),
  changedBy: z.string().nullable(),
  reason: z.string().nullable(),
  /** Subscriptions whose clock this period stopped (0 without a freeze). */
  subscriptionsAffected: z.number().int(),
  /** Time given back when the freeze ended, summed over those subscriptions. */
  givenBackMs: z.number().int(),
});
export type ProductStatusPeriod = z.infer<typeof productStatusPeriodSchema>;

export const productStatusHistorySchema = z.object({
  items: z.array(productStatusPeriodSchema),
});
export type ProductStatusHistory = z.infer<typeof productStatusHistorySchema>;

export const productOperationalResponseSchema = z.object({
  message: z.string(),
  product: productSchema,
  /** Subscriptions the change froze or gave time back to. */
  subscriptionsAffected: z.number().int(),
  givenBackMs: z.number().int(),
});
export type ProductOperationalResponse = z.infer<typeof productOperationalResponseSchema>;

/** `GET /api/status`: the public status page's data (no login). */
export const publicStatusSchema = z.object({
  generatedAt: z.iso.datetime(),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(PRODUCT_OPERATIONAL_STATUSES),
      note: z.string().nullable(),
      since: z.iso.datetime(),
      /** The last 90 days, oldest first: each day's worst status (unavailable > updating). */
      days: z.array(z.object({ date: z.iso.date(), status: z.enum(PRODUCT_OPERATIONAL_STATUSES) })),
    }),
  ),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;

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
