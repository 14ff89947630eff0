import { accountField, rateLimit } from '../../platform/http/rate-limit.js';
import type { UsersRepository } from '../users/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits per account on calls naming one by the body's `identifier`: it is resolved to the
 * account, so username, e-mail and their letter cases share one window.
 */
export function createAccountLimits(users: Pick<UsersRepository, 'findIdByLogin'>) {
  const perAccount = (rule: { name: string; max: number; windowMs: number }) =>
    rateLimit({
      ...rule,
      key: accountField('identifier', (identifier) => users.findIdByLogin(identifier)),
    });
  return {
    /**
     * Password guesses: one instance for every route that checks a password (site login and
     * the loader's account login), which then share its windows.
     */
    login: perAccount({ name: 'login-account', max: 10, windowMs: 15 * MINUTE }),
    resendVerification: perAccount({ name: 'resend-account', max: 3, windowMs: HOUR }),
  };
}

export type AccountLimits = ReturnType<typeof createAccountLimits>;
