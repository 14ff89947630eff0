import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 32;

/** A key of its own for one purpose, derived from the JWT secret. */
export function purposeKey(jwtSecret: string, purpose: string): Buffer {
  return createHmac('sha256', jwtSecret).update(purpose).digest();
}

/**
 * Stateless tokens `<version>.<base64url fields joined by |>.<base64url HMAC-SHA256>` under a
 * purpose key (`purposeKey`): what a loader session or a self-update grant carries, readable by
 * any node, forgeable by none, and never taken for a token of another purpose or version.
 */
export function createSealedFields(key: Buffer, version: string) {
  const mac = (signed: string) => createHmac('sha256', key).update(signed).digest();
  return {
    seal(fields: readonly string[]): string {
      const signed = `${version}.${Buffer.from(fields.join('|')).toString('base64url')}`;
      return `${signed}.${mac(signed).toString('base64url')}`;
    },

    /** The fields of an authentic token of this version, or null. */
    open(token: string): string[] | null {
      const end = token.lastIndexOf('.');
      if (end < 0 || !token.startsWith(`${version}.`)) return null;
      const signed = token.slice(0, end);
      const given = Buffer.from(token.slice(end + 1), 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(signed))) return null;
      return Buffer.from(signed.slice(version.length + 1), 'base64url')
        .toString()
        .split('|');
    },
  };
}
