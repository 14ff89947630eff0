import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters (DESIGN.md). argon2id is the library's default algorithm; its
// `Algorithm` const enum cannot be imported under isolatedModules.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
