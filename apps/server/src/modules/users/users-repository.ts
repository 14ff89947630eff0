import type { EmailTokenPurpose, Role, SecurityEpochReason, UserStatus } from '@chaveiro/contract';
import type { InferResult, Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AuthUserState } from '../../platform/auth.js';
import type { CountCache } from '../../platform/count-cache.js';

export type NewUserInput = Omit<NewUser, 'username_lower' | 'email_lower'>;

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

/** Queries on `users`. Every method takes an optional transaction. */
export function createUsersRepository(db: Kysely<Database>) {
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
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

async function applyAccountChange(
  executor: Kysely<Database>,
  id: string,
  change: AccountChange,
  revokeResetLinks: boolean,
  endEpoch: EndEpoch,
): Promise<void> {
  if (revokeResetLinks) {
    // A new password also cancels address changes waiting for their link: asked with the old
    // password, perhaps by whoever the new one is meant to keep out.
    const purposes: EmailTokenPurpose[] =
      change.password !== undefined ? ['reset', 'email_change'] : ['reset'];
    await executor
      .deleteFrom('email_tokens')
      .where('user_id', '=', id)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .execute();
  }
  await executor
    .updateTable('users')
    .set({
      ...(change.username !== undefined && {
        username: change.username,
        username_lower: change.username.toLowerCase(),
      }),
      ...(change.email !== undefined && {
        email: change.email,
        email_lower: change.email.toLowerCase(),
      }),
      // A password of its own makes the key an account was made from (a KeyAuth `license`)
      // no longer its credential: whoever sold the key must not open the account with it.
      ...(change.password !== undefined && {
        password_hash: change.password.hash,
        credential_key_id: null,
      }),
    })
    .where('id', '=', id)
    .execute();
  if (change.password !== undefined) await endEpoch(executor, id, change.password.reason);
}

/**
 * Whether a sign-up whose e-mail had an account holds `username` until after `now`: such a
 * sign-up must look like a pending account, whose username is taken.
 */
async function isUsernameHeld(
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

/** The epoch ends a new password brings, and the reason each is recorded with. */
export type PasswordEpochReason = Extract<
  SecurityEpochReason,
  'password_reset' | 'password_changed' | 'email_restored'
>;

export interface AccountChange {
  username?: string | undefined;
  email?: string | undefined;
  /** A new password hash: it ends the account's security epoch, for `reason`. */
  password?: { hash: string; reason: PasswordEpochReason } | undefined;
}

type EndEpoch = (trx: Kysely<Database>, id: string, reason: SecurityEpochReason) => Promise<void>;

/** Admin changes to one user (console: ban, delete, account, profile, role). */
export function createUserAdminRepository(
  db: Kysely<Database>,
  /** The licence-key list totals: a deleted user changes the search by redeemer. */
  keyTotals: CountCache,
  /** The end of a security epoch is recorded (`account.epoch_ended`) in its transaction. */
  events: EventRecorder,
) {
  /**
   * Ends the account's security epoch: the one place token_version rises, so every session,
   * loader session and API token of the account stops at once (each is refused once its
   * version is not the account's), and `account.epoch_ended` records why, in the same
   * transaction, for whoever reacts (the API tokens listed as revoked, the owner's mail).
   * `trx` must be an outbox transaction (`inOutboxTransaction`).
   */
  const endEpoch: EndEpoch = async (trx, id, reason) => {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirst();
    if (!row) return;
    await events.record(trx, 'account.epoch_ended', {
      userId: id,
      reason,
      tokenVersion: Number(row.token_version),
    });
  };

  /** `fn` in the caller's transaction, or in an outbox transaction of its own. */
  function inOutboxTransaction<T>(
    executor: Kysely<Database>,
    fn: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    return executor.isTransaction ? fn(executor) : events.transaction(fn);
  }

  return {
    /**
     * Bans (ending the account's security epoch) or unbans (which revives nothing the ban
     * ended). `onlyIfChanged`: leaves a user already in that status untouched (a bulk
     * action's rows, of which two concurrent ones change each once). True when the row changed.
     */
    async setStatus(
      id: string,
      status: UserStatus,
      executor: Kysely<Database> = db,
      { onlyIfChanged = false }: { onlyIfChanged?: boolean } = {},
    ): Promise<boolean> {
      return inOutboxTransaction(executor, async (trx) => {
        let update = trx.updateTable('users').set({ status }).where('id', '=', id);
        if (onlyIfChanged) update = update.where('status', '<>', status);
        const result = await update.executeTakeFirst();
        const changed = result.numUpdatedRows > 0n;
        if (changed && status === 'banned') await endEpoch(trx, id, 'banned');
        return changed;
      });
    },

    /**
     * Moves the account from role `from` to `to`, ending its security epoch (what it could do
     * under the old role ends with its sessions and tokens). The balance it holds as changed,
     * or undefined when its role is not `from` (any more).
     */
    async changeRole(
      id: string,
      from: Role,
      to: Role,
      executor: Kysely<Database> = db,
    ): Promise<{ balanceCents: number } | undefined> {
      return inOutboxTransaction(executor, async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({ role: to })
          .where('id', '=', id)
          .where('role', '=', from)
          .returning('balance_cents')
          .executeTakeFirst();
        if (!row) return undefined;
        await endEpoch(trx, id, 'role_changed');
        return { balanceCents: Number(row.balance_cents) };
      });
    },

    /** True when the user was there to delete. */
    async delete(id: string, executor: Kysely<Database> = db): Promise<boolean> {
      // The key list's search by redeemer changes with it.
      keyTotals.clear();
      const result = await executor.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Changes any of username, e-mail, password. Every password change passes here: it ends the
     * account's security epoch and, in the same transaction, every reset link still outstanding
     * (a used link or a change in the profile must not leave others alive); so does a new
     * e-mail, whose old mailbox may hold one.
     */
    async updateAccount(id: string, change: AccountChange, executor: Kysely<Database> = db) {
      const revokesResetLinks = change.password !== undefined || change.email !== undefined;
      if (!revokesResetLinks) return applyAccountChange(executor, id, change, false, endEpoch);
      await inOutboxTransaction(executor, (trx) =>
        applyAccountChange(trx, id, change, true, endEpoch),
      );
    },

    async setAvatarUrl(id: string, avatarUrl: string, executor: Kysely<Database> = db) {
      await executor
        .updateTable('users')
        .set({ avatar_url: avatarUrl })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Whether another account than `exceptId` uses the username / e-mail (case-insensitive); a
     * username held by a sign-up until after `now` is taken too.
     */
    async takenByOthers(
      exceptId: string,
      names: { username?: string | undefined; email?: string | undefined },
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<{ username: boolean; email: boolean }> {
      const username = names.username?.toLowerCase();
      const email = names.email?.toLowerCase();
      if (username === undefined && email === undefined) return { username: false, email: false };
      const rows = await executor
        .selectFrom('users')
        .select(['username_lower', 'email_lower'])
        .where('id', '<>', exceptId)
        .where((eb) =>
          eb.or([
            ...(username !== undefined ? [eb('username_lower', '=', username)] : []),
            ...(email !== undefined ? [eb('email_lower', '=', email)] : []),
          ]),
        )
        .execute();
      return {
        username:
          username !== undefined &&
          (rows.some((row) => row.username_lower === username) ||
            (await isUsernameHeld(executor, username, now))),
        email: email !== undefined && rows.some((row) => row.email_lower === email),
      };
    },
  };
}

export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
