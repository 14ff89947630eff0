import { createHmac, timingSafeEqual } from 'node:crypto';
import { LOADER } from '@chaveiro/contract';
import type { Clock } from '../../platform/clock.js';

/** What a loader session names: one machine of one subscription, for one token version. */
export interface LoaderSession {
  machineId: string;
  subscriptionId: string;
  userId: string;
  productId: string;
  tokenVersion: number;
  /** Epoch ms. */
  expiresAt: number;
}

const VERSION = 'v1';
const MAC_BYTES = 32;

/**
 * Stateless loader session tokens: `v1.<base64url claims>.<base64url HMAC-SHA256>`, keyed by a
 * key derived from the JWT secret. Nothing is stored: a heartbeat checks the claims against the
 * database (machine still bound, token_version unchanged) and renews the token.
 */
export function createLoaderSessions(jwtSecret: string, clock: Clock) {
  // A key of its own, so a loader token can never pass for a web session or the reverse.
  const key = createHmac('sha256', jwtSecret).update('chaveiro/loader-session/v1').digest();
  const mac = (claims: string) => createHmac('sha256', key).update(claims).digest();

  return {
    issue(session: Omit<LoaderSession, 'expiresAt'>): { token: string; expiresAt: number } {
      const expiresAt = clock.now() + LOADER.sessionTtlMs;
      const claims = Buffer.from(
        [
          session.machineId,
          session.subscriptionId,
          session.userId,
          session.productId,
          String(session.tokenVersion),
          String(expiresAt),
        ].join('|'),
      ).toString('base64url');
      const signed = `${VERSION}.${claims}`;
      return { token: `${signed}.${mac(signed).toString('base64url')}`, expiresAt };
    },

    /** The session a token carries, or null when it is malformed, forged or expired. */
    verify(token: string): LoaderSession | null {
      const end = token.lastIndexOf('.');
      if (end < 0 || !token.startsWith(`${VERSION}.`)) return null;
      const signed = token.slice(0, end);
      const given = Buffer.from(token.slice(end + 1), 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(signed))) return null;
      const fields = Buffer.from(signed.slice(VERSION.length + 1), 'base64url')
        .toString()
        .split('|');
      if (fields.length !== 6) return null;
      const [machineId, subscriptionId, userId, productId, version, expiry] = fields as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const expiresAt = Number(expiry);
      if (!(expiresAt > clock.now())) return null;
      return {
        machineId,
        subscriptionId,
        userId,
        productId,
        tokenVersion: Number(version),
        expiresAt,
      };
    },
  };
}

export type LoaderSessions = ReturnType<typeof createLoaderSessions>;
