import { hash, verify } from '@node-rs/argon2';
import { compare as bcryptCompare } from 'bcryptjs';

// OWASP's argon2id parameters (DESIGN.md). argon2id is the library's default algorithm; its
// `Algorithm` const enum cannot be imported under isolatedModules.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The longest password any route accepts (the contract's `.max(128)`); longer never matches. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A bcrypt hash as KeyAuth stores it (PHP's password_hash writes `$2y$`; other tools `$2a$` or
 * `$2b$`). The cost is capped: bcrypt's work doubles per step, and an imported `$2y$31$` hash
 * would let one login attempt burn the CPU for days.
 */
const BCRYPT_HASH = /^\$2[aby]\$(0[4-9]|1[0-4])\$[./A-Za-z0-9]{53}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** An imported KeyAuth hash: still accepted, replaced by argon2id at the next login. */
export function isBcryptHash(passwordHash: string): boolean {
  return BCRYPT_HASH.test(passwordHash);
}

/** True when the stored hash should be replaced by `hashPassword` once the password is known. */
export function needsRehash(passwordHash: string): boolean {
  return isBcryptHash(passwordHash);
}

/**
 * False for a wrong password and for a malformed stored hash alike. bcrypt only reads the first
 * 72 bytes of a password, so for an imported hash two passwords sharing those bytes both match,
 * exactly as they did on KeyAuth; the argon2id hash that replaces it at login reads them all.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  try {
    if (passwordHash.startsWith('$2')) {
      return isBcryptHash(passwordHash) && (await bcryptCompare(password, passwordHash));
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
