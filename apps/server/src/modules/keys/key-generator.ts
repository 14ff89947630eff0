import { LIMITS } from '@chaveiro/contract';
import { randomKeyCharacters } from '../../platform/core/random-characters.js';

/** A licence key: 18 characters without look-alikes (KEY_ALPHABET, about 79 bits). */
export function generateLicenseKey(): string {
  return randomKeyCharacters(LIMITS.licenseKeyLength);
}
