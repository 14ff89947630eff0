import { LIMITS } from '@chaveiro/contract';

export const KEY_LENGTH = LIMITS.licenseKeyLength;

/** Letters and digits only, upper-case, at most 18 (spec §2, §9). */
export function normalizeKey(text: string): string {
  return text
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase()
    .slice(0, KEY_LENGTH);
}

/**
 * The boxes edit one key without gaps: `key` holds the characters of the filled boxes, in order,
 * and `caret` is the box to focus after the edit.
 */
export interface KeyEdit {
  key: string;
  caret: number;
}

/** The box typing goes to from `index`: itself when filled, else the first empty one. */
export function caretAt(key: string, index: number): number {
  return Math.max(0, Math.min(index, key.length, KEY_LENGTH - 1));
}

/**
 * Text typed into box `index`: a filled box is overwritten, an empty one stands for the first
 * empty box. Dashes, spaces and other symbols are ignored and change nothing.
 */
export function typeIntoKey(key: string, index: number, text: string): KeyEdit {
  const chars = normalizeKey(text);
  const at = Math.min(index, key.length);
  if (!chars) return { key, caret: caretAt(key, index) };
  const next = (key.slice(0, at) + chars + key.slice(at + chars.length)).slice(0, KEY_LENGTH);
  return { key: next, caret: caretAt(next, at + chars.length) };
}

/** Backspace in box `index`: a filled box loses its character, an empty one the last one. */
export function deleteFromKey(key: string, index: number): KeyEdit {
  const at = Math.min(index, key.length - 1);
  if (at < 0) return { key, caret: 0 };
  const next = key.slice(0, at) + key.slice(at + 1);
  return { key: next, caret: caretAt(next, at) };
}
