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

/** True when `code` is the current code or one step either side (clock drift). */
export function verifyTotp(secretBase32: string, code: string, nowMs: number): boolean {
  return totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 }) !== null;
}

/** The code for a given moment; tests and the reference client use it. */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: nowMs });
}
