import { z } from 'zod';
import { LIMITS, RESELLER_CREATE_TYPES, RESELLER_LIMITS, USER_STATUSES } from '../constants.js';
import { messages } from '../messages.js';
import { usernameField } from './auth.js';
import { pageOf, pageQuerySchema } from './common.js';
import { resellerSortSchema } from './tables.js';

const v = messages.validation;
const r = messages.resellers;

/** Reais with at most 2 decimals (the API's money unit; cents are stored). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  // 0.1 * 100 is 10.000000000000002: allow float noise, never a third decimal.
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Reais → integer cents, exact for any value `hasAtMostTwoDecimals` accepts. */
export function reaisToCents(value: number): number {
  return Math.round(value * 100);
}

export function centsToReais(cents: number): number {
  return cents / 100;
}

/** A row of the reseller table (spec §3 Reseller); balance in reais. */
export const resellerSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  balance: z.number(),
  status: z.enum(USER_STATUSES),
});
export type Reseller = z.infer<typeof resellerSchema>;

/** `?q=` matches the start of the username or of the e-mail; `sort=balance:desc`, … */
export const resellersQuerySchema = pageQuerySchema.extend({ sort: resellerSortSchema });
export type ResellersQuery = z.infer<typeof resellersQuerySchema>;

export const resellersPageSchema = pageOf(resellerSchema);
export type ResellersPage = z.infer<typeof resellersPageSchema>;

const initialBalanceSchema = z
  .number({ error: r.initialBalanceInvalid })
  .min(0, r.initialBalanceInvalid)
  .max(RESELLER_LIMITS.amountMaxReais, r.amountTooLarge)
  .refine(hasAtMostTwoDecimals, r.initialBalanceInvalid);

const required = v.resellerFieldsRequired;
const resellerUsernameSchema = usernameField(v.resellerUsernameMin);

/**
 * The reseller form (spec §5): `new` needs username, e-mail and password; `existing` needs the
 * client's userId. The fields of the other type may be sent (a form keeps them) and are ignored.
 */
export const createResellerBodySchema = z
  .strictObject({
    type: z.enum(RESELLER_CREATE_TYPES, { error: required }),
    userId: z.string({ error: required }).trim().max(64).optional(),
    username: z.string({ error: required }).trim().max(32).optional(),
    email: z.string({ error: required }).trim().toLowerCase().max(254).optional(),
    password: z.string({ error: required }).max(128).optional(),
    initialBalance: initialBalanceSchema.default(0),
  })
  .superRefine((body, ctx) => {
    const fail = (message: string, field: string) =>
      ctx.addIssue({ code: 'custom', message, path: [field] });
    if (body.type === 'existing') {
      if (!body.userId) fail(required, 'userId');
      return;
    }
    const missing = (['username', 'email', 'password'] as const).find((field) => !body[field]);
    if (missing) return fail(required, missing);
    const username = resellerUsernameSchema.safeParse(body.username);
    if (!username.success) fail(username.error.issues[0]?.message ?? required, 'username');
    if (!z.email().safeParse(body.email).success) fail(v.resellerEmailInvalid, 'email');
    if ((body.password ?? '').length < LIMITS.passwordMin) fail(v.passwordMin, 'password');
  })
  .transform((body): CreateResellerInput =>
    body.type === 'existing'
      ? { type: 'existing', userId: body.userId ?? '', initialBalance: body.initialBalance }
      : {
          type: 'new',
          username: body.username ?? '',
          email: body.email ?? '',
          password: body.password ?? '',
          initialBalance: body.initialBalance,
        },
  );
export type CreateResellerBody = z.input<typeof createResellerBodySchema>;

/** The checked reseller form as the server uses it. */
export type CreateResellerInput =
  | { type: 'new'; username: string; email: string; password: string; initialBalance: number }
  | { type: 'existing'; userId: string; initialBalance: number };

export const createResellerResponseSchema = z.object({
  message: z.string(),
  id: z.string(),
  balance: z.number(),
});
export type CreateResellerResponse = z.infer<typeof createResellerResponseSchema>;

/** Balance dialog: a non-zero amount in reais; negative removes (spec §5). */
export const balanceBodySchema = z.strictObject({
  amount: z
    .number({ error: r.amountInvalid })
    .refine((amount) => amount !== 0 && hasAtMostTwoDecimals(amount), r.amountInvalid)
    .refine((amount) => Math.abs(amount) <= RESELLER_LIMITS.amountMaxReais, r.amountTooLarge),
});
export type BalanceBody = z.infer<typeof balanceBodySchema>;

export const balanceResponseSchema = z.object({ message: z.string(), balance: z.number() });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

/** One balance change as the ledger keeps it (amount and balance in reais). */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  balance_after: z.number(),
  /** Who made the change; null once that account is deleted. */
  actor: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerQuerySchema = pageQuerySchema.omit({ q: true });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerPageSchema = pageOf(ledgerEntrySchema);
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/**
 * The reseller edit dialog's form (spec §5): username and e-mail, and a password only when
 * filled. The web sends it to PATCH /api/users/{id}/account without an empty password.
 */
export const resellerEditFormSchema = z.object({
  username: resellerUsernameSchema,
  email: z.string().trim().toLowerCase().max(254).pipe(z.email(v.resellerEmailInvalid)),
  password: z
    .string()
    .max(128)
    .refine((password) => password === '' || password.length >= LIMITS.passwordMin, v.passwordMin),
});
export type ResellerEditForm = z.infer<typeof resellerEditFormSchema>;
