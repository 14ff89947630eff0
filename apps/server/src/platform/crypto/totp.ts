import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Chaveiro';

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret, base32 as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totpFor(secretBase32, accountName).toString();
}

const PERIOD_MS = 30_000;

/**
 * The 30-second step `code` belongs to when it is the current code or one step either side
 * (clock drift), else null. Callers store the step so the same code cannot be used twice.
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / PERIOD_MS) + delta;
}

/** The code for a given moment; tests and the reference client use it. */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: nowMs });
}
