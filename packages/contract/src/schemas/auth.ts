import { z } from 'zod';
import { LIMITS, ROLES } from '../constants.js';
import { messages } from '../messages.js';
import { secondFactorCodeSchema } from './account-security.js';

const v = messages.validation;

/**
 * The one username rule, for every form and route that sets a username (sign-up, admin, reseller,
 * profile); only the too-short text differs where the spec gives a form its own. No `@`: a
 * username equal to someone's e-mail would otherwise stand for them at login.
 */
export function usernameField(minMessage: string = v.usernameMin, maxLength = 32) {
  return z
    .string()
    .trim()
    .min(LIMITS.usernameMin, minMessage)
    .max(maxLength)
    .refine((username) => !hasAtSign(username), v.usernameNoAt);
}

/**
 * `@` or any character that normalises to it (＠ U+FF20, ﹫ U+FE6B…): a username must not read
 * as an e-mail address, not even to the eye.
 */
function hasAtSign(username: string): boolean {
  return [...username].some((char) => char.normalize('NFKC').includes('@'));
}

export const usernameSchema = usernameField();

/**
 * The name of an account a KeyAuth licence key opens on its own (the key is its username, as in
 * KeyAuth): KeyAuth's keys run to 70 characters, past the 32 a chosen username may have.
 */
export const keyAccountUsernameSchema = usernameField(v.usernameMin, 70);
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email(v.emailInvalid));
export const passwordSchema = z.string().min(LIMITS.passwordMin, v.passwordMin).max(128);

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** A username or an e-mail: one with `@` names an account by e-mail only. */
const identifierSchema = z.string().trim().min(1, v.identifierRequired).max(254);

export const loginBodySchema = z.strictObject({
  identifier: identifierSchema,
  password: z.string().min(1, v.passwordRequired).max(128),
  /** The authenticator's 6 digits or a single-use recovery code. */
  totp: secondFactorCodeSchema(messages.auth.twoFactorInvalid).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const forgotPasswordBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email(v.forgotEmailInvalid)),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  password: z.string().min(LIMITS.passwordMin, v.resetPasswordMin).max(128),
  token: z.string().min(1, messages.errors.resetTokenMissing).max(256),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset form adds a confirmation the server never sees (spec §5). */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(LIMITS.passwordMin, v.resetPasswordMin),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: v.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/**
 * The account to send a new confirmation link to, by username or e-mail (the login notice sends
 * what was typed to log in). The link always goes to the account's own address.
 */
export const resendVerificationBodySchema = z.strictObject({
  identifier: identifierSchema,
});
export type ResendVerificationBody = z.infer<typeof resendVerificationBodySchema>;

export const verifyEmailQuerySchema = z.object({
  token: z
    .string({ error: messages.errors.verifyTokenMissing })
    .min(1, messages.errors.verifyTokenMissing)
    .max(256),
});

export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  /** The link had already confirmed the address: nothing left to do but log in. */
  alreadyConfirmed: z.boolean(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** Claims carried by the session JWT (DESIGN.md). */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: z.enum(ROLES),
  username: z.string(),
  ver: z.number().int(),
  /** The server-side session (user_sessions.id): ending it ends the token at once. */
  sid: z.string().min(1),
  exp: z.number(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
