import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.js';
import type { AuthUserState } from '../../platform/auth.js';

export type NewUserInput = Omit<NewUser, 'username_lower' | 'email_lower'>;

/** Queries on `users`. Every method takes an optional transaction. */
export function createUsersRepository(db: Kysely<Database>) {
  return {
    findById(id: string, executor: Kysely<Database> = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The role guard's per-request read: one primary-key lookup of the few columns it needs. */
    async findAuthState(
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<AuthUserState | undefined> {
      const row = await executor
        .selectFrom('users')
        .select(['id', 'username', 'role', 'status', 'token_version'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          username: row.username,
          role: row.role,
          status: row.status,
          tokenVersion: row.token_version,
        }
      );
    },

    async countAdmins(executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** True when either name is used by another account, compared case-insensitively. */
    async isUsernameOrEmailTaken(
      username: string,
      email: string,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const row = await executor
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('username_lower', '=', username.toLowerCase()),
            eb('email_lower', '=', email.toLowerCase()),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts a user; the lower-case lookup columns are derived here so they never drift. */
    async insert(user: NewUserInput, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('users')
        .values({
          ...user,
          username_lower: user.username.toLowerCase(),
          email_lower: user.email.toLowerCase(),
        })
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
