import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The account as the customer page heads it (no password hash, no TOTP secret). */
export interface CustomerProfileRow {
  id: string;
  username: string;
  email: string | null;
  role: 'admin' | 'reseller' | 'client';
  status: 'active' | 'banned';
  avatar_url: string | null;
  email_verified_at: number | null;
  totp_enabled: number;
  balance_cents: number;
  xp: number;
  created_at: number;
}

/**
 * The customer page's own reads: the account and its latest sign-in (the subscriptions and
 * machines are the client repository's lists). Each is an index range on the user's id (users
 * pk, user_logins (user_id, last_at)).
 */
export function createCustomerRepository(db: Kysely<Database>) {
  return {
    profile(userId: string): Promise<CustomerProfileRow | undefined> {
      return db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'email',
          'role',
          'status',
          'avatar_url',
          'email_verified_at',
          'totp_enabled',
          'balance_cents',
          'xp',
          'created_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The latest sign-in address of the account (user_logins keeps one row per address). */
    lastLogin(userId: string): Promise<{ ip: string; last_at: number } | undefined> {
      return db
        .selectFrom('user_logins')
        .select(['ip', 'last_at'])
        .where('user_id', '=', userId)
        .orderBy('last_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
