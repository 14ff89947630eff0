import { LOADER } from '@chaveiro/contract';
import type { Clock } from '../../platform/core/clock.js';
import { createSealedFields, purposeKey } from '../../platform/crypto/sealed-fields.js';
import { createTokenCache } from '../../platform/state/token-cache.js';

/** What a loader session names: one machine of one subscription, for one token version. */
export interface LoaderSession {
  machineId: string;
  subscriptionId: string;
  userId: string;
  productId: string;
  tokenVersion: number;
  /**
   * The delivery of the product file made at auth (protected delivery); absent when the
   * product had no file then, and in tokens issued before deliveries existed.
   */
  deliveryId?: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The token that carried it. */
  token: string;
}

/** Tokens verified recently, kept so a heartbeat re-sending one needs no new HMAC. */
const VERIFIED_CACHE_SIZE = 50_000;

/**
 * Stateless loader session tokens: `v1.<base64url claims>.<base64url HMAC-SHA256>`, keyed by a
 * key derived from the JWT secret. Nothing is stored: a heartbeat checks the claims against the
 * database (machine still bound, token_version unchanged) and renews the token once half its
 * lifetime has passed, so a loader sends the same token for a while and this node verifies it
 * once (the HMACs were a good part of a heartbeat's cost).
 */
export function createLoaderSessions(jwtSecret: string, clock: Clock) {
  // A key of its own, so a loader token can never pass for a web session or the reverse.
  const tokens = createSealedFields(purposeKey(jwtSecret, 'chaveiro/loader-session/v1'), 'v1');
  const verified = createTokenCache<LoaderSession>(VERIFIED_CACHE_SIZE);

  function decode(token: string): LoaderSession | null {
    const fields = tokens.open(token);
    if (!fields) return null;
    // Six fields: a token issued before deliveries, valid until it expires.
    if (fields.length !== 6 && fields.length !== 7) return null;
    const [machineId, subscriptionId, userId, productId, version, expiry, deliveryId] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string | undefined,
    ];
    return {
      machineId,
      subscriptionId,
      userId,
      productId,
      tokenVersion: Number(version),
      expiresAt: Number(expiry),
      ...(deliveryId ? { deliveryId } : {}),
      token,
    };
  }

  const sessions = {
    issue(session: Omit<LoaderSession, 'expiresAt' | 'token'>): {
      token: string;
      expiresAt: number;
    } {
      const expiresAt = clock.now() + LOADER.sessionTtlMs;
      const token = tokens.seal([
        session.machineId,
        session.subscriptionId,
        session.userId,
        session.productId,
        String(session.tokenVersion),
        String(expiresAt),
        session.deliveryId ?? '',
      ]);
      return { token, expiresAt };
    },

    /** The session a token carries, or null when it is malformed, forged or expired. */
    verify(token: string): LoaderSession | null {
      const now = clock.now();
      const known = verified.get(token, now);
      if (known) return known;
      const decoded = decode(token);
      if (!decoded || decoded.expiresAt <= now) return null;
      verified.remember(token, decoded, decoded.expiresAt);
      return decoded;
    },

    /** The token to use next: the same one until half its lifetime has passed, then a new one. */
    renew(session: LoaderSession): { token: string; expiresAt: number } {
      if (session.expiresAt - clock.now() > LOADER.sessionTtlMs / 2) {
        return { token: session.token, expiresAt: session.expiresAt };
      }
      return sessions.issue(session);
    },
  };
  return sessions;
}

export type LoaderSessions = ReturnType<typeof createLoaderSessions>;
