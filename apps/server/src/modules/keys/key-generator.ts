import { randomBytes } from 'node:crypto';
import { LIMITS } from '@chaveiro/contract';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// The largest multiple of 36 that fits a byte: bytes at or above it are dropped, so every
// character is equally likely (no modulo bias).
const ACCEPT_BELOW = 256 - (256 % ALPHABET.length);

/** A licence key: 18 uppercase A–Z/0–9 characters from the CSPRNG (about 93 bits). */
export function generateLicenseKey(): string {
  let key = '';
  while (key.length < LIMITS.licenseKeyLength) {
    for (const byte of randomBytes(LIMITS.licenseKeyLength * 2)) {
      if (byte < ACCEPT_BELOW) key += ALPHABET[byte % ALPHABET.length];
      if (key.length === LIMITS.licenseKeyLength) break;
    }
  }
  return key;
}
