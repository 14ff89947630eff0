import { LIMITS } from '@chaveiro/contract';

export const KEY_LENGTH = LIMITS.licenseKeyLength;

/** Letters and digits only, upper-case, at most 18 (spec §2, §9). */
export function normalizeKey(text: string): string {
  return text
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase()
    .slice(0, KEY_LENGTH);
}

export function emptyKey(): string[] {
  return Array.from({ length: KEY_LENGTH }, () => '');
}
