import { z } from 'zod';
import { messages } from '../messages.js';
import { hasAtMostTwoDecimals } from './resellers.js';

const p = messages.resellerPricing;

/** The settings row holding the global reseller discount, in basis points (1250 = 12,5 %). */
export const RESELLER_DISCOUNT_SETTING_KEY = 'reseller_discount_bp';
export type PricingSettingKey = typeof RESELLER_DISCOUNT_SETTING_KEY;

/** The global reseller discount: 0 to 90 %, at most two decimals (stored as basis points). */
export const RESELLER_DISCOUNT_MAX_PERCENT = 90;

/** Percent (0–90, ≤ 2 decimals) → integer basis points, exact for every accepted value. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * A reseller's unit price in cents: the plan's own reseller price when the admin set one, else
 * the retail price less the global discount. The discounted price is rounded half up to the
 * nearest cent (arredondamento comercial: R$ 12,50 − 15 % = 10,625 → R$ 10,63), in integers so
 * no float noise decides a cent. Web and server share this one definition.
 */
export function effectiveResellerCents(
  retailCents: number,
  resellerCents: number | null | undefined,
  discountBasisPoints: number,
): number {
  if (resellerCents !== null && resellerCents !== undefined) return resellerCents;
  return Math.floor((retailCents * (10_000 - discountBasisPoints) + 5_000) / 10_000);
}

/**
 * What the reseller keeps per key when selling at retail, as a percentage of the retail price
 * with one decimal (null for a free plan, where no percentage means anything).
 */
export function marginPercent(retailCents: number, resellerCents: number): number | null {
  if (retailCents <= 0) return null;
  return Math.round(((retailCents - resellerCents) * 1000) / retailCents) / 10;
}

export const resellerDiscountSchema = z
  .number({ error: p.discountInvalid })
  .min(0, p.discountInvalid)
  .max(RESELLER_DISCOUNT_MAX_PERCENT, p.discountInvalid)
  .refine(hasAtMostTwoDecimals, p.discountInvalid);

/** `GET /api/settings/reseller-pricing`: the global discount in percent. */
export const resellerPricingSchema = z.object({ discountPercent: z.number() });
export type ResellerPricing = z.infer<typeof resellerPricingSchema>;

/** `PUT /api/settings/reseller-pricing`. */
export const resellerPricingBodySchema = z.strictObject({
  discountPercent: resellerDiscountSchema,
});
export type ResellerPricingBody = z.infer<typeof resellerPricingBodySchema>;

export const resellerPricingResponseSchema = resellerPricingSchema.extend({
  message: z.string(),
});
export type ResellerPricingResponse = z.infer<typeof resellerPricingResponseSchema>;
