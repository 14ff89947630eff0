import { z } from 'zod';
import { keyAuthAppMessages as text, messages } from '../messages.js';
import { pageOf } from './common.js';

/**
 * The admin side of KeyAuth compatibility: a product answering KeyAuth's loader
 * protocol under an (Owner ID, app name), the variables its `var` serves and the HWIDs it
 * refuses. The protocol itself lives under /api/1.3/ and /api/1.2/ (docs/keyauth-compat.md).
 */
export const KEYAUTH_LIMITS = {
  nameMax: 64,
  versionMax: 32,
  downloadUrlMax: 2_048,
  variableNameMax: 64,
  variableValueMax: 10_000,
  variablesPerProduct: 100,
  reasonMax: 200,
  hwidMax: 256,
  blacklistPageSizeMax: 100,
} as const;

/** KeyAuth's ownerid: 10 letters or digits (its SDKs refuse any other length). */
export const KEYAUTH_OWNER_ID_PATTERN = /^[A-Za-z0-9]{10}$/;
/** KeyAuth's app secret: 64 lowercase hex characters (1.2's HMAC key, used as typed). */
export const KEYAUTH_SECRET_PATTERN = /^[0-9a-f]{64}$/;
/**
 * A blocked HWID: what KeyAuth SDKs send (Windows SIDs, Linux machine ids, ...), printable
 * ASCII up to 256 characters, spaces inside allowed. Our own loader's HWIDs
 * (LOADER_HWID_PATTERN) are a subset, so one list serves both loaders.
 */
export const KEYAUTH_HWID_PATTERN = /^[\x20-\x7e]{1,256}$/;

/**
 * The form in which the HWID blacklist stores and looks up an HWID: trimmed, as a KeyAuth login
 * binds it, and in lower case, so a blocked machine cannot slip past by changing the case of
 * its id. Every insert, lookup and removal of the blacklist goes through it.
 */
export function blacklistedHwidForm(hwid: string): string {
  return hwid.trim().toLowerCase();
}
/** A variable id as loaders ask for it with `var`. */
export const KEYAUTH_VARIABLE_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

const nameSchema = z
  .string({ error: text.nameRequired })
  .trim()
  .min(1, text.nameRequired)
  .max(KEYAUTH_LIMITS.nameMax, text.nameMax)
  .regex(/^[^\p{Cc}]+$/u, text.nameInvalid);

const versionSchema = z
  .string({ error: text.versionRequired })
  .trim()
  .min(1, text.versionRequired)
  .max(KEYAUTH_LIMITS.versionMax, text.versionMax)
  .regex(/^[^\s\p{Cc}]+$/u, text.versionInvalid);

const httpUrlSchema = z.url({ protocol: /^https?$/ });

/** Empty text means no link, like null: the form's blank field. */
const downloadUrlSchema = z
  .string({ error: text.downloadUrlInvalid })
  .trim()
  .max(KEYAUTH_LIMITS.downloadUrlMax, text.downloadUrlInvalid)
  .refine(
    (value) => value === '' || httpUrlSchema.safeParse(value).success,
    text.downloadUrlInvalid,
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** An Owner ID or secret to keep; blank (the form's empty field) is the same as left out. */
function keptCredential(pattern: RegExp, message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || pattern.test(value), message)
    .transform((value) => (value === '' ? undefined : value))
    .optional();
}

/**
 * `PUT /api/products/:id/keyauth`. `ownerId` and `secret` are optional so a seller keeps the
 * ones already compiled into a KeyAuth loader; left out or blank, the first save generates
 * them and later saves keep them. A missing `downloadUrl` clears the link (a PUT replaces the settings).
 */
export const keyAuthSettingsBodySchema = z.strictObject({
  enabled: z.boolean({ error: messages.errors.invalidRequest }),
  name: nameSchema,
  version: versionSchema,
  downloadUrl: downloadUrlSchema.optional(),
  ownerId: keptCredential(KEYAUTH_OWNER_ID_PATTERN, text.ownerIdInvalid),
  secret: keptCredential(KEYAUTH_SECRET_PATTERN, text.secretInvalid),
});
export type KeyAuthSettingsBody = z.input<typeof keyAuthSettingsBodySchema>;
export type KeyAuthSettingsInput = z.output<typeof keyAuthSettingsBodySchema>;

/** What the seller pastes into their loader, and the switch. */
export const keyAuthSettingsSchema = z.object({
  enabled: z.boolean(),
  name: z.string(),
  ownerId: z.string(),
  secret: z.string(),
  version: z.string(),
  downloadUrl: z.string().nullable(),
  /** `<PUBLIC_URL>/api/1.3/`: Ed25519-signed answers (the C++ and current SDKs). */
  apiUrl: z.string(),
  /** `<PUBLIC_URL>/api/1.2/`: HMAC-signed answers with the secret (older SDKs). */
  apiUrlLegacy: z.string(),
  /** Hex of the raw 32-byte Ed25519 key that signs 1.3 answers (the SDKs' API_PUBLIC_KEY). */
  publicKey: z.string(),
  updatedAt: z.iso.datetime(),
});
export type KeyAuthSettings = z.infer<typeof keyAuthSettingsSchema>;

/** The answer of a save or a secret rotation: the settings and the toast. */
export const keyAuthSavedResponseSchema = keyAuthSettingsSchema.extend({ message: z.string() });
export type KeyAuthSavedResponse = z.infer<typeof keyAuthSavedResponseSchema>;

/** The code of `GET /api/products/:id/keyauth` for a product never configured (404). */
export const KEYAUTH_NOT_CONFIGURED = 'KEYAUTH_NOT_CONFIGURED';

const variableNameSchema = z
  .string({ error: text.variableNameInvalid })
  .regex(KEYAUTH_VARIABLE_NAME_PATTERN, text.variableNameInvalid);

export const productVariableParamSchema = z.strictObject({
  id: z.string().min(1).max(64),
  name: variableNameSchema,
});

/** `PUT /api/products/:id/variables/:name`: creates or replaces the value. */
export const productVariableBodySchema = z.strictObject({
  value: z
    .string({ error: text.variableValueRequired })
    .max(KEYAUTH_LIMITS.variableValueMax, text.variableValueMax),
});
export type ProductVariableBody = z.infer<typeof productVariableBodySchema>;

/** The variable form: its name and value together (the name is the path on the server). */
export const productVariableFormSchema = productVariableBodySchema.extend({
  name: variableNameSchema,
});
export type ProductVariableForm = z.infer<typeof productVariableFormSchema>;

export const productVariableSchema = z.object({
  name: z.string(),
  value: z.string(),
  updatedAt: z.iso.datetime(),
});
export type ProductVariable = z.infer<typeof productVariableSchema>;

/** Every variable of a product (at most `variablesPerProduct`), by name. */
export const productVariablesResponseSchema = z.object({
  items: z.array(productVariableSchema),
  limit: z.number().int(),
});
export type ProductVariablesResponse = z.infer<typeof productVariablesResponseSchema>;

export const productVariableSavedResponseSchema = z.object({
  message: z.string(),
  variable: productVariableSchema,
});
export type ProductVariableSavedResponse = z.infer<typeof productVariableSavedResponseSchema>;

const hwidSchema = z
  .string({ error: text.hwidRequired })
  .trim()
  .min(1, text.hwidRequired)
  .regex(KEYAUTH_HWID_PATTERN, text.hwidInvalid);

/** `POST /api/products/:id/hwid-blacklist`. */
export const hwidBlacklistBodySchema = z.strictObject({
  hwid: hwidSchema,
  reason: z.string().trim().max(KEYAUTH_LIMITS.reasonMax, text.reasonMax).default(''),
});
export type HwidBlacklistBody = z.input<typeof hwidBlacklistBodySchema>;
export type HwidBlacklistInput = z.output<typeof hwidBlacklistBodySchema>;

export const hwidBlacklistParamSchema = z.strictObject({
  id: z.string().min(1).max(64),
  hwid: hwidSchema,
});

/** `GET /api/products/:id/hwid-blacklist?page=&pageSize=`, newest first. */
export const hwidBlacklistQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(KEYAUTH_LIMITS.blacklistPageSizeMax).default(20),
});
export type HwidBlacklistQuery = z.infer<typeof hwidBlacklistQuerySchema>;

export const hwidBlacklistEntrySchema = z.object({
  hwid: z.string(),
  reason: z.string(),
  /** The account banned with it (KeyAuth's `ban`); null when the admin added it. */
  userId: z.string().nullable(),
  /** That account's username; null when none or deleted. */
  username: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type HwidBlacklistEntry = z.infer<typeof hwidBlacklistEntrySchema>;

export const hwidBlacklistPageSchema = pageOf(hwidBlacklistEntrySchema);
export type HwidBlacklistPage = z.infer<typeof hwidBlacklistPageSchema>;

export const hwidBlacklistSavedResponseSchema = z.object({
  message: z.string(),
  entry: hwidBlacklistEntrySchema,
});
export type HwidBlacklistSavedResponse = z.infer<typeof hwidBlacklistSavedResponseSchema>;
