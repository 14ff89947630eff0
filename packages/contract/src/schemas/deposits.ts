import { z } from 'zod';
import { DEPOSIT_LIMITS, DEPOSIT_METHODS, DEPOSIT_STATUSES } from '../constants.js';
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
});
export type Deposit = z.infer<typeof depositSchema>;

/** How to pay a pending deposit. */
export const paymentInstructionsSchema = z.object({
  method: z.enum(DEPOSIT_METHODS),
  pix_key: z.string(),
  beneficiary: z.string(),
  amount: z.number(),
  reference: z.string(),
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
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  /** The admin who approved or rejected it; null while pending or once that account is gone. */
  decided_by: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const DEPOSIT_STATUS_FILTERS = [...DEPOSIT_STATUSES, 'all'] as const;
export type DepositStatusFilter = (typeof DEPOSIT_STATUS_FILTERS)[number];

/** `?status=` (default all) and `?q=`: the start of the username, e-mail or reference. */
export const adminDepositsQuerySchema = pageQuerySchema.extend({
  status: z.enum(DEPOSIT_STATUS_FILTERS, { error: d.statusInvalid }).default('all'),
});
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuerySchema>;

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

/** The PIX key and beneficiary shown in deposit instructions; empty key: deposits are off. */
export const paymentSettingsSchema = z.object({
  pix_key: z.string(),
  pix_beneficiary: z.string(),
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

/** Both fields together; an empty key turns deposits off (then the beneficiary may be empty). */
export const paymentSettingsBodySchema = z
  .strictObject({
    pix_key: z.string({ error: d.pixKeyInvalid }).trim().max(DEPOSIT_LIMITS.pixKeyMax, d.pixKeyMax),
    pix_beneficiary: z
      .string({ error: d.beneficiaryRequired })
      .trim()
      .max(DEPOSIT_LIMITS.pixBeneficiaryMax, d.beneficiaryMax),
  })
  .superRefine((body, ctx) => {
    if (body.pix_key === '') return;
    if (normalizePixKey(body.pix_key) === undefined) {
      ctx.addIssue({ code: 'custom', message: d.pixKeyInvalid, path: ['pix_key'] });
    }
    if (body.pix_beneficiary.length < 3) {
      ctx.addIssue({ code: 'custom', message: d.beneficiaryRequired, path: ['pix_beneficiary'] });
    }
  })
  .transform((body) => ({
    pix_key: body.pix_key === '' ? '' : (normalizePixKey(body.pix_key) ?? body.pix_key),
    pix_beneficiary: body.pix_key === '' ? '' : body.pix_beneficiary,
  }));
export type PaymentSettingsBody = z.input<typeof paymentSettingsBodySchema>;

export const paymentSettingsResponseSchema = paymentSettingsSchema.extend({ message: z.string() });
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponseSchema>;
