import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import { withTransaction } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/http/error-handler.js';
import type { AppContext } from '../../platform/core/context.js';
import { newId } from '../../platform/core/ids.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { UsersRepository } from './users-repository.js';

export type AdminSeedResult =
  | { created: false }
  | {
      created: true;
      username: string;
      email: string;
      /** Set only when ADMIN_PASSWORD was not given: to be shown once to the operator. */
      generatedPassword: string | undefined;
    };

/** Makes sure a fresh installation can be administered: creates the first admin on start. */
export function createAdminSeedService({
  config,
  db,
  clock,
  users,
}: Pick<AppContext, 'config' | 'db' | 'clock'> & { users: UsersRepository }) {
  return {
    async seedAdmin(): Promise<AdminSeedResult> {
      if ((await users.countAdmins()) > 0) return { created: false };

      const username = config.admin.username ?? 'admin';
      const email = config.admin.email ?? defaultAdminEmail(config);
      // 15 random bytes: a 20-character base64url password (120 bits).
      const password = config.admin.password ?? randomBytes(15).toString('base64url');
      const generatedPassword = config.admin.password === undefined ? password : undefined;
      // Hashing is slow; do it before taking the write lock.
      const passwordHash = await hashPassword(password);

      try {
        return await insertAdmin({ username, email, passwordHash, generatedPassword });
      } catch (error) {
        // Two nodes starting together on PostgreSQL: both saw no admin, the second insert hits
        // the unique index. The other node's admin is the one; this node starts without seeding.
        if (isUniqueViolation(error) && (await users.countAdmins()) > 0) return { created: false };
        throw error;
      }
    },
  };

  function insertAdmin({
    username,
    email,
    passwordHash,
    generatedPassword,
  }: {
    username: string;
    email: string;
    passwordHash: string;
    generatedPassword: string | undefined;
  }): Promise<AdminSeedResult> {
    return withTransaction(db, async (trx) => {
      // Checked again inside the transaction: another process may have seeded meanwhile.
      if ((await users.countAdmins(trx)) > 0) return { created: false };
      if (await users.isUsernameOrEmailTaken(username, email, trx)) {
        // PostgreSQL reads each statement anew: another node's admin, committed since the count
        // above, is what took the name. Not a clash with a non-admin.
        if ((await users.countAdmins(trx)) > 0) return { created: false };
        throw new Error(
          `ADMIN_USERNAME/ADMIN_EMAIL: "${username}" or "${email}" belongs to an existing non-admin user`,
        );
      }
      const now = clock.now();
      await users.insert(
        {
          id: newId(),
          username,
          email,
          password_hash: passwordHash,
          role: 'admin',
          status: 'active',
          email_verified_at: now,
          created_at: now,
        },
        trx,
      );
      return { created: true, username, email, generatedPassword };
    });
  }
}

/**
 * admin@<PUBLIC_URL host> for a real domain name, otherwise admin@chaveiro.local: an address the
 * profile's e-mail validation accepts, so the admin can later save the profile unchanged.
 */
function defaultAdminEmail(config: AppConfig): string {
  const host = new URL(config.publicUrl).hostname;
  const isDomainName = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');
  return `admin@${isDomainName ? host : 'chaveiro.local'}`;
}

export type AdminSeedService = ReturnType<typeof createAdminSeedService>;
