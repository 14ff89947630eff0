import type { InferResult, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.js';
import type { AuthUserState } from '../../platform/http/auth.js';
import type { CountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted, createCountCache } from '../../platform/state/count-cache.js';

export type NewUserInput = Omit<NewUser, 'username_lower' | 'email_lower'>;

/** An account a KeyAuth import writes: a client without e-mail. */
export interface ImportedUserRow {
  id: string;
  username: string;
  passwordHash: string;
  status: 'active' | 'banned';
  createdAt: number;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_BATCH = 400;
/** Values per `in (…)` list. */
const LOOKUP_BATCH = 1_000;

/** Stand-ins for the parameters of the compiled auth-state query, swapped on each call. */
const USER = '\u0000user';
const SESSION = '\u0000session';

/** A user and one of their live sessions, by primary keys (the role guard's read). */
function authStateSelect(db: Kysely<Database>, userId: string, sessionId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_sessions', 'user_sessions.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.role',
      'users.status',
      'users.token_version',
      'user_sessions.last_seen_at',
    ])
    .where('users.id', '=', userId)
    .where('user_sessions.id', '=', sessionId)
    .where('user_sessions.ended_at', 'is', null);
}
type AuthStateRow = InferResult<ReturnType<typeof authStateSelect>>[number];

/** Queries on `users`. Every method takes a transaction, optional where it may run alone. */
export function createUsersRepository(
  db: Kysely<Database>,
  /**
   * The user list's totals, cleared when an account is made (Platform.userTotals); a process
   * without the list (a command) keeps its own.
   */
  userTotals: CountCache = createCountCache(0),
) {
  const authStateQuery = authStateSelect(db, USER, SESSION).compile();
  /** Inserts a user; the lower-case lookup columns are derived here so they never drift. */
  async function insert(user: NewUserInput, executor: Kysely<Database> = db): Promise<void> {
    await executor
      .insertInto('users')
      .values({
        ...user,
        username_lower: user.username.toLowerCase(),
        email_lower: user.email?.toLowerCase() ?? null,
      })
      .execute();
    clearWhenCommitted(userTotals, executor);
  }

  return {
    findById(id: string, executor: Kysely<Database> = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The role guard's per-request read: the few columns it needs of the user, joined to the
     * token's session (both by primary key) so an ended or foreign session answers nothing,
     * without a second query. Compiled once, only its parameters change from call to call: no
     * query builder on every API call's path.
     */
    async findAuthState(
      id: string,
      sessionId: string,
      executor: Kysely<Database> = db,
    ): Promise<AuthUserState | undefined> {
      const { rows } = await executor.executeQuery<AuthStateRow>({
        ...authStateQuery,
        parameters: authStateQuery.parameters.map((value) =>
          value === USER ? id : value === SESSION ? sessionId : value,
        ),
      });
      const row = rows[0];
      return (
        row && {
          id: row.id,
          username: row.username,
          role: row.role,
          status: row.status,
          tokenVersion: row.token_version,
          sessionLastSeenAt: row.last_seen_at,
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

    /** The account a login names (see loginColumn), case-insensitively. */
    findByLogin(identifier: string, executor: Kysely<Database> = db): Promise<UserRow | undefined> {
      const key = identifier.trim().toLowerCase();
      return executor
        .selectFrom('users')
        .selectAll()
        .where(loginColumn(key), '=', key)
        .executeTakeFirst();
    },

    /**
     * The id of the account a login names (findByLogin's rule), for per-account limits. A held
     * username (see SignupHoldsTable) names the account of the address its sign-up gave, as a
     * pending account's username and e-mail name one account; expired holds count too, being
     * purged soon, and sharing that window reveals nothing the e-mail's own does not.
     */
    async findIdByLogin(identifier: string): Promise<string | undefined> {
      const key = identifier.trim().toLowerCase();
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(loginColumn(key), '=', key)
        .executeTakeFirst();
      if (row || loginColumn(key) === 'email_lower') return row?.id;
      const holder = await db
        .selectFrom('signup_holds')
        .innerJoin('users', 'users.email_lower', 'signup_holds.email_lower')
        .select('users.id')
        .where('signup_holds.username_lower', '=', key)
        .executeTakeFirst();
      return holder?.id;
    },

    findByEmail(email: string, executor: Kysely<Database> = db): Promise<UserRow | undefined> {
      return executor
        .selectFrom('users')
        .selectAll()
        .where('email_lower', '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * Which of the two names another account already uses (case-insensitive); a username held
     * by a sign-up until after `now` is taken too.
     */
    async findTakenNames(
      username: string,
      email: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<{ username: boolean; email: boolean }> {
      const rows = await executor
        .selectFrom('users')
        .select(['username_lower', 'email_lower'])
        .where((eb) =>
          eb.or([
            eb('username_lower', '=', username.toLowerCase()),
            eb('email_lower', '=', email.toLowerCase()),
          ]),
        )
        .execute();
      return {
        username:
          rows.some((row) => row.username_lower === username.toLowerCase()) ||
          (await isUsernameHeld(executor, username, now)),
        email: rows.some((row) => row.email_lower === email.toLowerCase()),
      };
    },

    async markEmailVerified(id: string, at: number, executor: Kysely<Database> = db) {
      await executor
        .updateTable('users')
        .set({ email_verified_at: at })
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .execute();
    },

    /** Loyalty XP only grows: redemptions, purchases and the daily bonus add to it. */
    async addXp(id: string, xp: number, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('users')
        .set((eb) => ({ xp: eb('xp', '+', xp) }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Grants the daily bonus when the last one is at least `intervalMs` old, in one conditional
     * statement, so two clicks in the same instant grant it once.
     */
    async claimDailyBonus(
      userId: string,
      xp: number,
      now: number,
      intervalMs: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set({ xp: sql<number>`xp + ${xp}`, daily_bonus_at: now })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([eb('daily_bonus_at', 'is', null), eb('daily_bonus_at', '<=', now - intervalMs)]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Replaces an outdated password hash (an imported bcrypt one) by its argon2id rehash, only
     * while `from` is still the stored one: a password changed meanwhile is not overwritten.
     * Sessions stay valid (no token_version change): the password itself is the same.
     */
    async upgradePasswordHash(
      id: string,
      from: string,
      to: string,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('users')
        .set({ password_hash: to })
        .where('id', '=', id)
        .where('password_hash', '=', from)
        .execute();
    },

    insert,

    /** Inserts an active client account; `email_verified_at` null waits for the e-mail link. */
    insertClient(
      client: Pick<
        NewUserInput,
        | 'id'
        | 'username'
        | 'email'
        | 'password_hash'
        | 'email_verified_at'
        | 'created_at'
        | 'credential_key_id'
      >,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      return insert({ ...client, role: 'client', status: 'active' }, executor);
    },

    /**
     * Client accounts of a KeyAuth import, without e-mail (nothing to confirm: verified at
     * creation), in the import's transaction. `on conflict do nothing`: a re-run, or a second
     * import of the same files at the same time, adds no account twice (the unique index
     * decides, not a read before the write). Answers the ids actually written.
     */
    async insertImported(
      users: readonly ImportedUserRow[],
      executor: Kysely<Database>,
    ): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (let start = 0; start < users.length; start += INSERT_BATCH) {
        const batch = users.slice(start, start + INSERT_BATCH);
        const rows = await executor
          .insertInto('users')
          .values(
            batch.map((user) => ({
              id: user.id,
              username: user.username,
              username_lower: user.username.toLowerCase(),
              email: null,
              email_lower: null,
              password_hash: user.passwordHash,
              role: 'client' as const,
              status: user.status,
              email_verified_at: user.createdAt,
              avatar_url: null,
              totp_secret: null,
              totp_last_step: null,
              daily_bonus_at: null,
              created_at: user.createdAt,
            })),
          )
          .onConflict((oc) => oc.column('username_lower').doNothing())
          .returning('id')
          .execute();
        for (const row of rows) inserted.add(row.id);
      }
      if (inserted.size > 0) clearWhenCommitted(userTotals, executor);
      return inserted;
    },

    /**
     * KeyAuth's license users (named by the key they redeemed, the key as their password): that
     * key becomes their credential, as for an account our `license` makes (users of `userIds`
     * that have none yet).
     */
    async recordKeyCredentials(
      userIds: readonly string[],
      executor: Kysely<Database>,
    ): Promise<void> {
      for (let start = 0; start < userIds.length; start += LOOKUP_BATCH) {
        await executor
          .updateTable('users')
          .set((eb) => ({
            credential_key_id: eb
              .selectFrom('license_keys as k')
              .select((inner) => inner.fn.min('k.id').as('id'))
              .whereRef('k.redeemed_by', '=', 'users.id')
              .whereRef('k.key', '=', 'users.username'),
          }))
          .where('id', 'in', userIds.slice(start, start + LOOKUP_BATCH))
          .where('credential_key_id', 'is', null)
          .execute();
      }
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/**
 * Whether a sign-up whose e-mail had an account holds `username` until after `now`: such a
 * sign-up must look like a pending account, whose username is taken.
 */
export async function isUsernameHeld(
  executor: Kysely<Database>,
  username: string,
  now: number,
): Promise<boolean> {
  const hold = await executor
    .selectFrom('signup_holds')
    .select('username_lower')
    .where('username_lower', '=', username.toLowerCase())
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return hold !== undefined;
}

/**
 * A login identifier containing `@` names an account by e-mail only, anything else by username
 * only. Usernames cannot contain `@`; a legacy one that does can then never stand for someone
 * else's e-mail (its owner logs in with their own e-mail).
 */
function loginColumn(identifier: string): 'email_lower' | 'username_lower' {
  return identifier.includes('@') ? 'email_lower' : 'username_lower';
}
