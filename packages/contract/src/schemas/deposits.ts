import { z } from 'zod';
import {
  DEPOSIT_FLAGS,
  DEPOSIT_GATEWAYS,
  DEPOSIT_LIMITS,
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  PAYMENT_MODES,
} from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';
import { hasAtMostTwoDecimals } from './resellers.js';

const d = messages.deposits;

/** A balance deposit as its owner sees it; amounts in reais. */
export const depositSchema = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.enum(DEPOSIT_METHODS),
  /** Unique code the payer writes in the PIX description, e.g. `DEP-K7M3-9QXA`. */
  reference: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Why the admin refused it; null unless rejected. */
  reject_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
  /** Who takes the payment: the admin by hand (manual) or Mercado Pago. */
  gateway: z.enum(DEPOSIT_GATEWAYS),
  /** Until when the charge can be paid (gateway charges); null when it does not expire. */
  expires_at: z.iso.datetime().nullable(),
  /** The purchase this deposit pays, when it was opened by a checkout. */
  order_id: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** How to pay a pending deposit. */
export const paymentInstructionsSchema = z.object({
  method: z.enum(DEPOSIT_METHODS),
  /** The admin's PIX key (manual mode); empty for a gateway charge. */
  pix_key: z.string(),
  beneficiary: z.string(),
  amount: z.number(),
  reference: z.string(),
  /** The BR Code: what the QR code encodes and the "PIX copia e cola" string. */
  pix_code: z.string(),
  expires_at: z.iso.datetime().nullable(),
  gateway: z.enum(DEPOSIT_GATEWAYS),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** Reais with at most 2 decimals, from R$ 5,00 to R$ 10.000,00. */
export const depositAmountSchema = z
  .number({ error: d.amountInvalid })
  .refine(hasAtMostTwoDecimals, d.amountInvalid)
  .refine((amount) => amount >= DEPOSIT_LIMITS.minReais, d.amountMin)
  .refine((amount) => amount <= DEPOSIT_LIMITS.maxReais, d.amountMax);

export const createDepositBodySchema = z.strictObject({ amount: depositAmountSchema });
export type CreateDepositBody = z.infer<typeof createDepositBodySchema>;

export const createDepositResponseSchema = z.object({
  message: z.string(),
  deposit: depositSchema,
  instructions: paymentInstructionsSchema,
});
export type CreateDepositResponse = z.infer<typeof createDepositResponseSchema>;

export const depositsQuerySchema = pageQuerySchema.omit({ q: true });
export type DepositsQuery = z.infer<typeof depositsQuerySchema>;

export const depositsPageSchema = pageOf(depositSchema);
export type DepositsPage = z.infer<typeof depositsPageSchema>;

/** One own deposit; the instructions while it waits for payment and a PIX key is set. */
export const depositDetailSchema = z.object({
  deposit: depositSchema,
  instructions: paymentInstructionsSchema.nullable(),
});
export type DepositDetail = z.infer<typeof depositDetailSchema>;

/** Which deposit methods take payments now (PIX needs the admin's PIX key). */
export const depositAvailabilitySchema = z.object({ pix: z.boolean() });
export type DepositAvailability = z.infer<typeof depositAvailabilitySchema>;

/** A deposit in the admin list, with its owner and who decided it. */
export const adminDepositSchema = depositSchema.extend({
  user: z.object({ id: z.string(), username: z.string(), email: z.string().nullable() }),
  /** The admin who approved or rejected it; null while pending or once that account is gone. */
  decided_by: z.string().nullable(),
  /** The gateway's payment id and its last known status (null for manual deposits). */
  gateway_payment_id: z.string().nullable(),
  gateway_status: z.string().nullable(),
  /** The payer as the gateway reports them. */
  payer: z.object({ email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  paid_at: z.iso.datetime().nullable(),
  refunded_at: z.iso.datetime().nullable(),
  /**
   * What a refund or chargeback could not take back from the balance (reais): the customer's
   * debt, flagged negative_balance. The balance itself never goes below zero.
   */
  uncovered_amount: z.number().nullable(),
  /** Something the admin must look at (see DEPOSIT_FLAGS); null when all is well. */
  flag: z.enum(DEPOSIT_FLAGS).nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const DEPOSIT_STATUS_FILTERS = [...DEPOSIT_STATUSES, 'all'] as const;
export type DepositStatusFilter = (typeof DEPOSIT_STATUS_FILTERS)[number];

/** `?status=` (default all) and `?q=`: the start of the username, e-mail or reference. */
export const adminDepositsQuerySchema = pageQuerySchema.extend({
  status: z.enum(DEPOSIT_STATUS_FILTERS, { error: d.statusInvalid }).default('all'),
});
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuerySchema>;

/** The admin deposits CSV: the list's filters without paging. */
export const adminDepositsExportQuerySchema = adminDepositsQuerySchema.pick({
  q: true,
  status: true,
});
export type AdminDepositsExportQuery = z.infer<typeof adminDepositsExportQuerySchema>;

export const adminDepositsPageSchema = pageOf(adminDepositSchema);
export type AdminDepositsPage = z.infer<typeof adminDepositsPageSchema>;

export const rejectDepositBodySchema = z.strictObject({
  reason: z
    .string({ error: d.rejectReasonRequired })
    .trim()
    .min(3, d.rejectReasonRequired)
    .max(DEPOSIT_LIMITS.rejectReasonMax, d.rejectReasonMax),
});
export type RejectDepositBody = z.infer<typeof rejectDepositBodySchema>;

export const depositDecisionResponseSchema = z.object({
  message: z.string(),
  deposit: adminDepositSchema,
});
export type DepositDecisionResponse = z.infer<typeof depositDecisionResponseSchema>;

/** A stored secret as the admin sees it: whether it is set and its last 4 characters. */
export const maskedSecretSchema = z.object({
  configured: z.boolean(),
  last4: z.string().nullable(),
});
export type MaskedSecret = z.infer<typeof maskedSecretSchema>;

/**
 * The payment settings: the mode, the PIX key, beneficiary and city of the manual BR Code, and
 * the Mercado Pago credentials masked. Manual mode with an empty key: deposits are off.
 */
export const paymentSettingsSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  pix_key: z.string(),
  pix_beneficiary: z.string(),
  pix_city: z.string(),
  mercadopago_access_token: maskedSecretSchema,
  mercadopago_webhook_secret: maskedSecretSchema,
  /** Where Mercado Pago must send its notifications (to paste into its panel). */
  webhook_url: z.string(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

const CPF = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
const CNPJ = /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/;
const PHONE = /^\+55\d{10,11}$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Brazilian check digits (CPF and CNPJ share the scheme with different weights). */
function checkDigitsValid(digits: string, weights: (length: number) => number[]): boolean {
  if (/^(\d)\1+$/.test(digits)) return false;
  const body = digits.length - 2;
  for (let position = body; position < digits.length; position += 1) {
    const sum = weights(position).reduce(
      (total, weight, index) => total + weight * Number(digits[index]),
      0,
    );
    const rest = sum % 11;
    const expected = rest < 2 ? 0 : 11 - rest;
    if (expected !== Number(digits[position])) return false;
  }
  return true;
}

const cpfWeights = (length: number) => Array.from({ length }, (_, i) => length + 1 - i);
const cnpjWeights = (length: number) =>
  Array.from({ length }, (_, i) => ((length - 1 - i) % 8) + 2);

/**
 * A PIX key in the form banks store it (CPF/CNPJ digits only, phone `+55…`, e-mail lower-case,
 * random key lower-case), or undefined when it is none of the five key types.
 */
export function normalizePixKey(raw: string): string | undefined {
  const value = raw.trim();
  if (CPF.test(value)) {
    const digits = value.replace(/\D/g, '');
    return checkDigitsValid(digits, cpfWeights) ? digits : undefined;
  }
  if (CNPJ.test(value)) {
    const digits = value.replace(/\D/g, '');
    return checkDigitsValid(digits, cnpjWeights) ? digits : undefined;
  }
  if (RANDOM_KEY.test(value)) return value.toLowerCase();
  if (value.includes('@')) {
    const email = value.toLowerCase();
    return email.length <= 77 && z.email().safeParse(email).success ? email : undefined;
  }
  const phone = value.replace(/[\s()-]/g, '');
  return PHONE.test(phone) ? phone : undefined;
}

/** A secret field: absent or empty keeps the stored value, null clears it. */
const secretInput = z
  .string({ error: d.secretInvalid })
  .trim()
  .max(DEPOSIT_LIMITS.gatewaySecretMax, d.secretMax)
  .nullable()
  .optional();

/**
 * Every field together. An empty key turns manual deposits off (then beneficiary and city may be
 * empty); with a key, the beneficiary and city of the BR Code are required. The Mercado Pago
 * mode needs both credentials (checked against the stored ones by the server).
 */
export const paymentSettingsBodySchema = z
  .strictObject({
    mode: z.enum(PAYMENT_MODES, { error: d.modeInvalid }).default('manual'),
    pix_key: z.string({ error: d.pixKeyInvalid }).trim().max(DEPOSIT_LIMITS.pixKeyMax, d.pixKeyMax),
    pix_beneficiary: z
      .string({ error: d.beneficiaryRequired })
      .trim()
      .max(DEPOSIT_LIMITS.pixBeneficiaryMax, d.beneficiaryMax),
    pix_city: z
      .string({ error: d.cityRequired })
      .trim()
      .max(DEPOSIT_LIMITS.pixCityMax, d.cityMax)
      .default(''),
    mercadopago_access_token: secretInput,
    mercadopago_webhook_secret: secretInput,
  })
  .superRefine((body, ctx) => {
    if (body.pix_key === '') return;
    if (normalizePixKey(body.pix_key) === undefined) {
      ctx.addIssue({ code: 'custom', message: d.pixKeyInvalid, path: ['pix_key'] });
    }
    if (body.pix_beneficiary.length < 3) {
      ctx.addIssue({ code: 'custom', message: d.beneficiaryRequired, path: ['pix_beneficiary'] });
    }
    if (body.pix_city.length < DEPOSIT_LIMITS.pixCityMin || !/\p{L}/u.test(body.pix_city)) {
      ctx.addIssue({ code: 'custom', message: d.cityRequired, path: ['pix_city'] });
    }
  })
  .transform((body) => ({
    ...body,
    pix_key: body.pix_key === '' ? '' : (normalizePixKey(body.pix_key) ?? body.pix_key),
    pix_beneficiary: body.pix_key === '' ? '' : body.pix_beneficiary,
    pix_city: body.pix_key === '' ? '' : body.pix_city,
  }));
export type PaymentSettingsBody = z.input<typeof paymentSettingsBodySchema>;
export type PaymentSettingsUpdate = z.output<typeof paymentSettingsBodySchema>;

export const paymentSettingsResponseSchema = paymentSettingsSchema.extend({ message: z.string() });
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponseSchema>;

/** An admin action on a gateway charge (cancel, refund): the message and the deposit after it. */
export const depositActionResponseSchema = depositDecisionResponseSchema;
