import { z } from 'zod';
import {
  DEPOSIT_GATEWAYS,
  DEPOSIT_STATUSES,
  ORDER_KINDS,
  ORDER_METHODS,
  ORDER_STATUSES,
  PLAN_DURATION_TYPES,
} from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';
import { depositSchema, paymentInstructionsSchema } from './deposits.js';
import { purchaseBodySchema, shopProductSchema } from './shop.js';

const o = messages.orders;

/**
 * `POST /api/shop/checkout`: buy (or, with `subscriptionId`, renew) a plan. `payWith: balance`
 * pays it all from the balance at once (409 INSUFFICIENT_BALANCE when short); `payWith: pix`
 * opens an order waiting for a PIX deposit of the shortfall (`pixAmount: shortfall`, the price
 * minus the balance now; the whole price when the balance covers it) or of the whole price
 * (`pixAmount: full`). The order completes by itself once the deposit is paid.
 */
export const checkoutBodySchema = purchaseBodySchema.extend({
  subscriptionId: z
    .string({ error: o.subscriptionNotFound })
    .trim()
    .min(1, o.subscriptionNotFound)
    .max(64, o.subscriptionNotFound)
    .optional(),
  payWith: z.enum(ORDER_METHODS, { error: o.payWithRequired }),
  pixAmount: z.enum(['shortfall', 'full'], { error: o.pixAmountInvalid }).default('shortfall'),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export type CheckoutRequest = z.output<typeof checkoutBodySchema>;

/** One order as its owner sees it: the receipt's data (amounts in reais). */
export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** The product as it was named when bought. */
  product_name: z.string(),
  product_id: z.string(),
  duration_type: z.enum(PLAN_DURATION_TYPES),
  days: z.number().int(),
  /** The price agreed at checkout. */
  price: z.number(),
  method: z.enum(ORDER_METHODS),
  /** The part of the price paid from the balance (the whole price for `balance`). */
  paid_from_balance: z.number(),
  /**
   * The PIX deposit paying the rest, with its reference and, when paid through a gateway
   * (Mercado Pago), the gateway's payment id; null for a balance purchase.
   */
  deposit: z
    .object({
      id: z.string(),
      amount: z.number(),
      reference: z.string(),
      status: z.enum(DEPOSIT_STATUSES),
      gateway: z.enum(DEPOSIT_GATEWAYS),
      /** The gateway's payment id (null for a manual PIX, or before the gateway answered). */
      gateway_payment_id: z.string().nullable(),
    })
    .nullable(),
  /** Renewed, or created or extended once completed. */
  subscription_id: z.string().nullable(),
  /** Why it failed or was cancelled (pt-BR). */
  failure_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET /api/orders/:id`: the order with who sold and who bought it, for the printed receipt. */
export const orderReceiptSchema = orderSchema.extend({
  seller: z.string(),
  buyer: z.object({ username: z.string(), email: z.string().nullable() }),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

export const checkoutResponseSchema = z.object({
  message: z.string(),
  order: orderSchema,
  /** The balance now, in reais. */
  balance: z.number(),
  /** With `payWith: pix`: the deposit to pay and how; null when paid from the balance. */
  deposit: depositSchema.nullable(),
  instructions: paymentInstructionsSchema.nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** One line of "Pedidos": an order, or a deposit that funded no order. */
export const orderEntrySchema = z.object({
  id: z.string(),
  type: z.enum(['order', 'deposit']),
  /** The product bought; null for a deposit. */
  product_name: z.string().nullable(),
  duration_type: z.enum(PLAN_DURATION_TYPES).nullable(),
  /** The order's price or the deposit's amount, in reais. */
  amount: z.number(),
  method: z.enum(ORDER_METHODS),
  status: z.union([z.enum(ORDER_STATUSES), z.enum(DEPOSIT_STATUSES)]),
  created_at: z.iso.datetime(),
});
export type OrderEntry = z.infer<typeof orderEntrySchema>;

export const ordersQuerySchema = pageQuerySchema.omit({ q: true });
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

export const ordersPageSchema = pageOf(orderEntrySchema);
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** `GET /api/shop/renewal/:id`: what "Renovar" offers for one own subscription. */
export const renewalOfferSchema = z.object({
  subscription_id: z.string(),
  product: shopProductSchema,
  /** The plan last bought for it, when known and still offered; else the customer picks. */
  duration_type: z.enum(PLAN_DURATION_TYPES).nullable(),
});
export type RenewalOffer = z.infer<typeof renewalOfferSchema>;
