import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { reauthFields, secondFactorCodeSchema } from './account-security.js';
import { usernameField } from './auth.js';

const v = messages.validation;

/** Avatar styles offered as presets; rendered by the server, seeded by the username (spec §2). */
export const AVATAR_PRESET_STYLES = ['bottts', 'thumbs', 'shapes', 'identicon'] as const;
/** The header's default avatar when none is chosen (spec §2: initials seeded by the username). */
export const AVATAR_DEFAULT_STYLE = 'initials';
export const AVATAR_STYLES = [...AVATAR_PRESET_STYLES, AVATAR_DEFAULT_STYLE] as const;
export type AvatarStyle = (typeof AVATAR_STYLES)[number];

/** Same-origin URL of a generated avatar; the server renders it as SVG. */
export function avatarUrl(style: AvatarStyle, username: string): string {
  return `/api/avatars/${style}.svg?seed=${encodeURIComponent(username)}`;
}

export const profileSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_two_factor_enabled: z.boolean(),
  /** Unused 2FA recovery codes left (0 when 2FA is off). */
  recovery_codes_remaining: z.number().int(),
  /** A new address waiting for its confirmation link, if any. */
  pending_email: z.string().nullable(),
  avatar_presets: z.array(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUsernameSchema = usernameField(v.profileUsernameMin);
export const profileEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email(v.profileEmailInvalid));

/**
 * Spec §7: PATCH /api/profile takes username or email, one at a time. An e-mail change is
 * re-authenticated: the current password, and the second factor when 2FA is on.
 */
export const updateProfileBodySchema = z.union([
  z.strictObject({ username: profileUsernameSchema }),
  z.strictObject({ email: profileEmailSchema, ...reauthFields }),
]);
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, v.currentPasswordRequired).max(128),
  newPassword: z.string().min(LIMITS.passwordMin, v.newPasswordMin).max(128),
  /** Required when 2FA is on: the authenticator's code or a recovery code. */
  totp: reauthFields.totp,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The profile's password form adds a confirmation the server never sees. */
export const changePasswordFormSchema = z
  .object({ ...changePasswordBodySchema.shape, confirmNewPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmNewPassword, {
    message: v.passwordsDoNotMatch,
    path: ['confirmNewPassword'],
  });

/** Answers that change what the session token carries come with a fresh token. */
export const profileUpdateResponseSchema = z.object({
  message: z.string(),
  token: z.string().optional(),
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export const selectAvatarBodySchema = z.strictObject({
  avatarUrl: z.string().min(1).max(300),
});

export const twoFactorCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, messages.auth.twoFactorInvalid);

/** Enabling 2FA: the first code of the new secret, and the current password. */
export const twoFactorVerifyBodySchema = z.strictObject({
  token: twoFactorCodeSchema,
  currentPassword: reauthFields.currentPassword,
});
export type TwoFactorVerifyBody = z.infer<typeof twoFactorVerifyBodySchema>;

/** Disabling 2FA: the current password and a current code (authenticator or recovery). */
export const twoFactorDisableBodySchema = z.strictObject({
  currentPassword: reauthFields.currentPassword,
  totp: secondFactorCodeSchema(),
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;

export const twoFactorSetupResponseSchema = z.object({
  qrCodeUrl: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  message: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;
