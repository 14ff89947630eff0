import { createHash } from 'node:crypto';
import { RECOVERY_CODES } from '@chaveiro/contract';
import { randomKeyCharacters } from '../../platform/core/random-characters.js';

/** A new set of recovery codes, as shown once to the user: XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  const half = RECOVERY_CODES.length / 2;
  return Array.from({ length: RECOVERY_CODES.count }, () => {
    const code = randomKeyCharacters(RECOVERY_CODES.length);
    return `${code.slice(0, half)}-${code.slice(half)}`;
  });
}

/**
 * What is stored of a recovery code: the SHA-256 of its characters, upper-case, without the dash
 * or space, so it matches however it is typed. The codes are random (≈44 bits each, and only
 * ten guesses per rate-limit window), so an unsalted fast hash is enough.
 */
export function recoveryCodeHash(typed: string): string {
  const canonical = typed.replace(/[-\s]/g, '').toUpperCase();
  return createHash('sha256').update(canonical).digest('hex');
}
