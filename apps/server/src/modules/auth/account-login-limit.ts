import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountField, rateLimit } from '../../platform/rate-limit.js';
import { createUsersRepository } from '../users/users-repository.js';

export type AccountLoginLimit = ReturnType<typeof createAccountLoginLimit>;

/**
 * The per-account limit on password guesses, one instance for every route that checks a
 * password (site login and the loader's account login): they share its windows, and the
 * identifier is resolved to the account, so username, e-mail and their letter cases count as one.
 */
export function createAccountLoginLimit(db: Kysely<Database>) {
  const users = createUsersRepository(db);
  return rateLimit({
    name: 'login-account',
    max: 10,
    windowMs: 15 * 60_000,
    key: accountField('identifier', (identifier) => users.findIdByLogin(identifier)),
  });
}
