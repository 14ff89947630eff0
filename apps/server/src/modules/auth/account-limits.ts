import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountField, rateLimit } from '../../platform/rate-limit.js';
import { createUsersRepository } from '../users/users-repository.js';

/**
 * A limit per account on calls naming one by the body's `identifier`: it is resolved to the
 * account, so username, e-mail and their letter cases share one window.
 */
export function accountRateLimit(
  db: Kysely<Database>,
  rule: { name: string; max: number; windowMs: number },
) {
  const users = createUsersRepository(db);
  return rateLimit({
    ...rule,
    key: accountField('identifier', (identifier) => users.findIdByLogin(identifier)),
  });
}

export type AccountLoginLimit = ReturnType<typeof createAccountLoginLimit>;

/**
 * The limit on password guesses, one instance for every route that checks a password (site
 * login and the loader's account login), which then share its windows.
 */
export function createAccountLoginLimit(db: Kysely<Database>) {
  return accountRateLimit(db, { name: 'login-account', max: 10, windowMs: 15 * 60_000 });
}
