import { z } from 'zod';
import { PLAN_DURATION_TYPES, PRODUCT_OPERATIONAL_STATUSES } from '../constants.js';
import { messages } from '../messages.js';

const s = messages.shop;

/** One plan on sale: how long it lasts and its price in reais. */
export const shopPlanSchema = z.object({
  duration_type: z.enum(PLAN_DURATION_TYPES),
  days: z.number().int(),
  price: z.number(),
});
export type ShopPlan = z.infer<typeof shopPlanSchema>;

/** A product on sale (active, with at least one plan), plans from the shortest. */
export const shopProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  plans: z.array(shopPlanSchema),
  /** Whether it works now (Operacional / Em atualização / Indisponível), and the seller's note. */
  operational_status: z.enum(PRODUCT_OPERATIONAL_STATUSES),
  status_note: z.string().nullable(),
  /**
   * Whether it can be bought now: false while it is not operational, unless the seller keeps
   * selling it meanwhile. A purchase then answers 409 PRODUCT_NOT_OPERATIONAL.
   */
  purchasable: z.boolean(),
  /**
   * When the caller already holds this product: the expiry of that subscription (as if resumed
   * now when paused). A purchase extends it; null when a purchase creates a new one.
   */
  owned_until: z.iso.datetime().nullable(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const shopProductsResponseSchema = z.array(shopProductSchema);

export const purchaseBodySchema = z.strictObject({
  productId: z.string({ error: s.productRequired }).trim().min(1, s.productRequired).max(64),
  durationType: z.enum(PLAN_DURATION_TYPES, { error: s.planRequired }),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const purchaseResponseSchema = z.object({
  message: z.string(),
  /** The balance left, in reais. */
  balance: z.number(),
  /** The subscription created or extended. */
  subscription_id: z.string(),
  /** Its new expiry (as if resumed now when paused). */
  expires_at: z.iso.datetime(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;
