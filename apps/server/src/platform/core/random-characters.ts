import { randomBytes } from 'node:crypto';
import { KEY_ALPHABET } from '@chaveiro/contract';

/**
 * `length` characters of KEY_ALPHABET (no look-alikes) from the CSPRNG, for licence keys and
 * 2FA recovery codes. Bytes at or above the largest multiple of the alphabet's size that fits a
 * byte are dropped, so every character is equally likely (no modulo bias).
 */
export function randomKeyCharacters(length: number): string {
  const acceptBelow = 256 - (256 % KEY_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < acceptBelow) out += KEY_ALPHABET[byte % KEY_ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}
