import { accountMessages, secondFactorCodeSchema } from '@chaveiro/contract';
import { z } from 'zod';

/**
 * The second factor of a re-authenticated form: required when 2FA is on (the app's
 * code or a recovery code), and left empty (never sent) when it is off.
 */
export function secondFactorFormField(twoFactorEnabled: boolean) {
  return twoFactorEnabled
    ? z.string().trim().min(1, accountMessages.secondFactorRequired).pipe(secondFactorCodeSchema())
    : z.string();
}

/** The `totp` to send: only when 2FA is on, as typed. */
export function secondFactorOf(twoFactorEnabled: boolean, totp: string): string | undefined {
  return twoFactorEnabled ? totp : undefined;
}
