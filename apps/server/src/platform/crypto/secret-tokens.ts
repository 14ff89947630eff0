import { createHash, randomBytes } from 'node:crypto';

/**
 * A new secret credential: `prefix` then `bytes` random bytes as base64url (32 bytes: 43
 * characters, 256 bits). Shown once to its owner; the server keeps only `sha256Hex` of it.
 */
export function newSecretToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/**
 * The stored form of a high-entropy secret. A plain fast hash is enough here: with 256 random
 * bits there is nothing to guess, and the lookup by hash stays one indexed read per request.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
