import type { Clock } from '../../platform/core/clock.js';
import { createSealedFields, purposeKey } from '../../platform/crypto/sealed-fields.js';

/** What a self-update token names: one loader file, for one subscription's owner. */
export interface LoaderUpdateGrant {
  productId: string;
  userId: string;
  subscriptionId: string;
  /** The loader file the LOADER_OUTDATED refusal announced (signed there). */
  sha256: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** An update token lets its loader fetch the new version for 10 minutes. */
export const UPDATE_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * Stateless self-update tokens, `u1.<base64url claims>.<base64url HMAC-SHA256>`, under a key of
 * their own derived from the JWT secret (as loader sessions, which a `u1.` token can never pass
 * for, nor the reverse). Carried by a LOADER_OUTDATED refusal to `GET /api/loader/update`.
 */
export function createLoaderUpdateTokens(jwtSecret: string, clock: Clock) {
  const tokens = createSealedFields(purposeKey(jwtSecret, 'chaveiro/loader-update/v1'), 'u1');

  return {
    issue(grant: Omit<LoaderUpdateGrant, 'expiresAt'>): { token: string; expiresAt: number } {
      const expiresAt = clock.now() + UPDATE_TOKEN_TTL_MS;
      const token = tokens.seal([
        grant.productId,
        grant.userId,
        grant.subscriptionId,
        grant.sha256,
        String(expiresAt),
      ]);
      return { token, expiresAt };
    },

    /** The grant a token carries, or null when it is malformed, forged or expired. */
    verify(token: string): LoaderUpdateGrant | null {
      const fields = tokens.open(token);
      if (fields?.length !== 5) return null;
      const [productId, userId, subscriptionId, sha256, expiry] = fields as [
        string,
        string,
        string,
        string,
        string,
      ];
      const expiresAt = Number(expiry);
      if (!(expiresAt > clock.now())) return null;
      return { productId, userId, subscriptionId, sha256, expiresAt };
    },
  };
}

export type LoaderUpdateTokens = ReturnType<typeof createLoaderUpdateTokens>;
