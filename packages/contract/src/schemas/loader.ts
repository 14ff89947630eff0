import { z } from 'zod';
import {
  LICENSE_KEY_PATTERN,
  LOADER,
  LOADER_HWID_PATTERN,
  LOADER_NONCE_PATTERN,
  LOADER_REFUSAL_CODES,
  PRODUCT_OPERATIONAL_STATUSES,
} from '../constants.js';
import { messages } from '../messages.js';
import { secondFactorCodeSchema } from './account-security.js';
import {
  CLIENT_SECURITY_SIGNALS,
  PROTECTION_LIMITS,
  SECURITY_RULE_ACTIONS,
  loaderVersionSchema,
} from './protection.js';

/** Requests and answers of the loader API (docs/loader-protocol.md). */

const text = messages.loader;

export const loaderNonceSchema = z
  .string({ error: text.nonceInvalid })
  .regex(LOADER_NONCE_PATTERN, text.nonceInvalid);

export const loaderHwidSchema = z
  .string({ error: text.hwidInvalid })
  .regex(LOADER_HWID_PATTERN, text.hwidInvalid);

const sessionSchema = z
  .string({ error: text.sessionRequired })
  .min(1, text.sessionRequired)
  .max(LOADER.sessionMaxLength);

/** A licence key as the redeem boxes accept it: trimmed, upper-case, separators removed. */
const licenceKeySchema = z
  .string({ error: messages.client.keyFormat })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(LICENSE_KEY_PATTERN, messages.client.keyFormat));

/** The loader's X25519 public key for this run: base64 of 32 bytes (44 characters). */
export const loaderSessionKeySchema = z
  .string({ error: text.sessionKeyInvalid })
  .regex(/^[A-Za-z0-9+/]{43}=$/, text.sessionKeyInvalid);

/** What the loader reports about itself: its executable's SHA-256 and the seller's version. */
export const loaderReportSchema = z.strictObject({
  sha256: z
    .string({ error: text.loaderReportInvalid })
    .regex(/^[0-9a-f]{64}$/, text.loaderReportInvalid),
  version: loaderVersionSchema,
});
export type LoaderReport = z.infer<typeof loaderReportSchema>;

/** A key, account credentials, or both (the key is then redeemed into the account). */
export const loaderAuthBodySchema = z
  .strictObject({
    productId: z.string().min(1).max(64),
    hwid: loaderHwidSchema,
    nonce: loaderNonceSchema,
    key: licenceKeySchema.optional(),
    identifier: z
      .string()
      .trim()
      .min(1, messages.validation.identifierRequired)
      .max(254)
      .optional(),
    password: z.string().min(1, messages.validation.passwordRequired).max(128).optional(),
    /** The authenticator's 6 digits or a single-use recovery code. */
    totp: secondFactorCodeSchema(text.refusals.INVALID_TWO_FACTOR).optional(),
    /** The download is sealed to this key (docs/loader-protocol.md, protected delivery). */
    sessionKey: loaderSessionKeySchema.optional(),
    loader: loaderReportSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const account = body.identifier !== undefined || body.password !== undefined;
    if (account && body.identifier === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['identifier'],
        message: messages.validation.identifierRequired,
      });
    } else if (account && body.password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: messages.validation.passwordRequired,
      });
    } else if (!account && body.key === undefined) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: text.credentialsRequired });
    }
  });
export type LoaderAuthBody = z.infer<typeof loaderAuthBodySchema>;

export const loaderHeartbeatBodySchema = z.strictObject({
  session: sessionSchema,
  nonce: loaderNonceSchema,
});
export type LoaderHeartbeatBody = z.infer<typeof loaderHeartbeatBodySchema>;

/** The session may come as `?session=` or as `Authorization: Bearer <session>`. */
export const loaderDownloadQuerySchema = z.object({
  session: sessionSchema.optional(),
  nonce: loaderNonceSchema.optional(),
});
export type LoaderDownloadQuery = z.infer<typeof loaderDownloadQuerySchema>;

/** The self-update download: the token of a LOADER_OUTDATED refusal. */
export const loaderUpdateQuerySchema = z.object({
  token: z
    .string({ error: text.updateTokenRequired })
    .min(1, text.updateTokenRequired)
    .max(LOADER.sessionMaxLength),
  nonce: loaderNonceSchema.optional(),
});
export type LoaderUpdateQuery = z.infer<typeof loaderUpdateQuerySchema>;

/** A signal the loader saw in its own process. */
export const loaderSecurityEventBodySchema = z.strictObject({
  session: sessionSchema,
  nonce: loaderNonceSchema,
  kind: z.enum(CLIENT_SECURITY_SIGNALS, { error: text.securityKindInvalid }),
  detail: z.string().trim().max(PROTECTION_LIMITS.securityDetailMax).optional(),
});
export type LoaderSecurityEventBody = z.infer<typeof loaderSecurityEventBodySchema>;

export const loaderSecurityEventSuccessSchema = z.object({
  ok: z.literal(true),
  action: z.enum(SECURITY_RULE_ACTIONS),
});
export type LoaderSecurityEventSuccess = z.infer<typeof loaderSecurityEventSuccessSchema>;

/** A signed licence the loader may use while the server cannot be reached (offline grace). */
export const loaderOfflineSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type LoaderOffline = z.infer<typeof loaderOfflineSchema>;

/** The product's current loader, in a LOADER_OUTDATED refusal, with the self-update's token. */
export const loaderUpdateBlockSchema = z.object({
  version: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  name: z.string(),
  update: z.object({ token: z.string(), expiresAt: z.string() }).nullable(),
});
export type LoaderUpdateBlock = z.infer<typeof loaderUpdateBlockSchema>;

export const loaderRefusalSchema = z.object({
  ok: z.literal(false),
  code: z.enum(LOADER_REFUSAL_CODES),
  message: z.string(),
  /**
   * PRODUCT_UPDATING and PRODUCT_UNAVAILABLE only: the seller's public note (null when none)
   * and whether the subscription's time is frozen meanwhile.
   */
  product: z
    .object({
      status: z.enum(PRODUCT_OPERATIONAL_STATUSES),
      note: z.string().nullable(),
      timeFrozen: z.boolean(),
      since: z.iso.datetime(),
    })
    .optional(),
  /** LOADER_OUTDATED only: the current loader (null when the product has no loader file). */
  loader: loaderUpdateBlockSchema.nullable().optional(),
});
export type LoaderRefusal = z.infer<typeof loaderRefusalSchema>;
/** The `product` block of a PRODUCT_UPDATING or PRODUCT_UNAVAILABLE refusal. */
export type LoaderRefusalProduct = NonNullable<LoaderRefusal['product']>;

export const loaderAuthSuccessSchema = z.object({
  ok: z.literal(true),
  session: z.string(),
  sessionExpiresAt: z.string(),
  heartbeatSeconds: z.number().int(),
  subscription: z.object({
    id: z.string(),
    product: z.object({ id: z.string(), name: z.string() }),
    expiresAt: z.string(),
  }),
  user: z.object({ username: z.string() }),
  /**
   * The product file of this delivery: `sha256` and `size` are those of the marked copy the
   * download sends (protected delivery); `protected` says the download is sealed to the session
   * key (CHVSEAL1).
   */
  file: z
    .object({
      sha256: z.string(),
      size: z.number().int(),
      name: z.string(),
      delivery: z.string(),
      protected: z.boolean(),
    })
    .nullable(),
  offline: loaderOfflineSchema.nullable().optional(),
});
export type LoaderAuthSuccess = z.infer<typeof loaderAuthSuccessSchema>;

export const loaderHeartbeatSuccessSchema = z.object({
  ok: z.literal(true),
  session: z.string(),
  sessionExpiresAt: z.string(),
  expiresAt: z.string(),
  /** A fresh offline licence, when the product allows offline grace and the session renewed. */
  offline: loaderOfflineSchema.optional(),
});
export type LoaderHeartbeatSuccess = z.infer<typeof loaderHeartbeatSuccessSchema>;

/** The signed body of every loader answer; `X-Signature` signs its exact bytes. */
export function loaderEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    request: z.string(),
    data,
    nonce: z.string().nullable(),
    issuedAt: z.string(),
    keyId: z.string(),
  });
}
export interface LoaderEnvelope<T> {
  request: string;
  data: T;
  nonce: string | null;
  issuedAt: string;
  keyId: string;
}

export const loaderPublicKeySchema = z.object({
  keyId: z.string(),
  publicKey: z.string(),
  pem: z.string(),
  previous: z.array(
    z.object({
      keyId: z.string(),
      publicKey: z.string(),
      retiredAt: z.string(),
      validUntil: z.string(),
    }),
  ),
});
export type LoaderPublicKey = z.infer<typeof loaderPublicKeySchema>;
