import { z } from 'zod';
import { KEY_STATUSES, PLAN_DURATION_TYPES, RESELLER_LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';

const r = messages.reseller;

/** An empty query parameter (`?status=`) means "any", as a select's blank option sends it. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * One plan a reseller can buy keys of, in reais per key: `price` is what the reseller pays (the
 * plan's reseller price, else retail less the global discount), `retailPrice` what the shop
 * charges a customer, `margin` their difference and `marginPercent` that difference as a share
 * of retail (one decimal; null for a free plan).
 */
export const resellerPlanSchema = z.object({
  durationType: z.enum(PLAN_DURATION_TYPES),
  days: z.number().int(),
  price: z.number(),
  retailPrice: z.number(),
  margin: z.number(),
  marginPercent: z.number().nullable(),
});
export type ResellerPlan = z.infer<typeof resellerPlanSchema>;

/** An active product with its priced plans, shortest first. */
export const resellerProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  plans: z.array(resellerPlanSchema),
});
export type ResellerProduct = z.infer<typeof resellerProductSchema>;

export const resellerProductsResponseSchema = z.array(resellerProductSchema);

/** `POST /api/reseller/keys`: buys `quantity` keys of one plan at its price. */
export const buyKeysBodySchema = z.strictObject({
  productId: z
    .string({ error: r.productRequired })
    .trim()
    .min(1, r.productRequired)
    .max(64, r.productRequired),
  durationType: z.enum(PLAN_DURATION_TYPES, { error: r.planRequired }),
  quantity: z
    .number({ error: r.quantityRange })
    .int(r.quantityRange)
    .min(1, r.quantityRange)
    .max(RESELLER_LIMITS.keysPerPurchaseMax, r.quantityRange),
});
export type BuyKeysBody = z.infer<typeof buyKeysBodySchema>;

export const buyKeysResponseSchema = z.object({
  message: z.string(),
  keys: z.array(z.string()),
  /** What the purchase cost and the balance after it, in reais. */
  total: z.number(),
  balance: z.number(),
  /** The price paid per key and the retail price per key at the time of the purchase. */
  unitPrice: z.number(),
  retailUnitPrice: z.number(),
});
export type BuyKeysResponse = z.infer<typeof buyKeysResponseSchema>;

/** `?q=` matches the start of the key or of the redeemer's username, case-insensitively. */
export const resellerKeysQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankAsAbsent, z.enum(KEY_STATUSES).optional()),
});
export type ResellerKeysQuery = z.infer<typeof resellerKeysQuerySchema>;

/** The CSV export takes the list's filters without paging. */
export const resellerKeysExportQuerySchema = resellerKeysQuerySchema.pick({
  q: true,
  status: true,
});
export type ResellerKeysExportQuery = z.infer<typeof resellerKeysExportQuerySchema>;

/** One of the reseller's own keys. */
export const resellerKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  product: z.string(),
  days: z.number().int(),
  status: z.enum(KEY_STATUSES),
  /** Username of who redeemed it, if anyone. */
  redeemedBy: z.string().nullable(),
  redeemedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ResellerKey = z.infer<typeof resellerKeySchema>;

export const resellerKeysPageSchema = pageOf(resellerKeySchema);
export type ResellerKeysPage = z.infer<typeof resellerKeysPageSchema>;

/** The dashboard's cards; money in reais. */
export const resellerStatsSchema = z.object({
  balance: z.number(),
  /** Every key the reseller bought. */
  keysSold: z.number().int(),
  redeemed: z.number().int(),
  /** Bought and not redeemed yet (still usable). */
  remaining: z.number().int(),
  /** What the reseller spent since the 1st of this month (São Paulo calendar). */
  spentThisMonth: z.number(),
  /**
   * Margins, from the prices stored on each key when it was bought (a later price change does
   * not move them): what the keys cost, what they are worth at the retail price of the day,
   * the difference (potential margin) and that difference over the keys already redeemed
   * (realised margin). Keys bought before prices were recorded are not counted.
   */
  totalSpent: z.number(),
  retailValue: z.number(),
  potentialMargin: z.number(),
  realisedMargin: z.number(),
});
export type ResellerStats = z.infer<typeof resellerStatsSchema>;
