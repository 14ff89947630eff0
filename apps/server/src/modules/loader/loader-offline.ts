import { createHash } from 'node:crypto';
import type { LoaderOffline } from '@chaveiro/contract';
import { HOUR_MS } from '@chaveiro/contract';
import type { Clock } from '../../platform/core/clock.js';
import type { Signer } from '../../platform/crypto/signing.js';

/** The domain the signature is made in, so an offline token is never any other signed thing. */
const DOMAIN = 'chaveiro-offline-v1';

/** Whose licence: one machine of one subscription, until the subscription's own expiry. */
export interface OfflineGrant {
  productId: string;
  subscriptionId: string;
  /** The machine's HWID as the loader sends it (the token carries its SHA-256). */
  hwid: string;
  username: string;
  /** The product's offline grace (0: none). */
  graceHours: number;
  /** Epoch ms: the token never outlives it. */
  subscriptionExpiresAt: number;
}

/**
 * Offline licences (docs/loader-protocol.md, offline grace): `v1.<payload b64url>.<sig b64url>`,
 * Ed25519 by the loader signing key over the ASCII of `chaveiro-offline-v1.<payload b64url>`.
 * A loader that cannot reach the server keeps working on it until `expiresAt`.
 */
export function createOfflineLicences(signer: Signer, clock: Clock) {
  return {
    /** A licence for the grant, or null when the product allows no offline grace. */
    issue(grant: OfflineGrant): LoaderOffline | null {
      if (!(grant.graceHours > 0)) return null;
      const now = clock.now();
      const expiresAt = Math.min(now + grant.graceHours * HOUR_MS, grant.subscriptionExpiresAt);
      if (expiresAt <= now) return null;
      const payload = Buffer.from(
        JSON.stringify({
          v: 1,
          keyId: signer.current.keyId,
          productId: grant.productId,
          subscriptionId: grant.subscriptionId,
          hwid: createHash('sha256').update(grant.hwid, 'utf8').digest('hex'),
          username: grant.username,
          issuedAt: new Date(now).toISOString(),
          expiresAt: new Date(expiresAt).toISOString(),
        }),
        'utf8',
      ).toString('base64url');
      const signature = Buffer.from(signer.sign(`${DOMAIN}.${payload}`), 'base64');
      return {
        token: `v1.${payload}.${signature.toString('base64url')}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },
  };
}

export type OfflineLicences = ReturnType<typeof createOfflineLicences>;
