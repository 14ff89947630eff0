import type { EmailTokenPurpose, Role, SecurityEpochReason, UserStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { CountCache, GroupCountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted } from '../../platform/state/count-cache.js';
import { isUsernameHeld } from './users-repository.js';

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

/** Admin changes to accounts (console: ban, delete, account, profile, role; mass deletion). */
export function createUserAdminRepository(
  db: Kysely<Database>,
  /** The licence-key list totals: a deleted user changes the search by redeemer. */
  keyTotals: CountCache,
  /** The user list's totals (Platform.userTotals), cleared by every change of who matches. */
  userTotals: CountCache,
  /** Platform.subscriptionCounts: a deleted account's subscriptions go with it. */
  subscriptionCounts: Pick<GroupCountCache, 'clear'>,
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
        if (changed) clearWhenCommitted(userTotals, trx);
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
        clearWhenCommitted(userTotals, trx);
        await endEpoch(trx, id, 'role_changed');
        return { balanceCents: Number(row.balance_cents) };
      });
    },

    /** True when the user was there to delete. */
    async delete(id: string, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      // The key list's search by redeemer changes with it.
      clearWhenCommitted(keyTotals, executor);
      clearWhenCommitted(userTotals, executor);
      clearWhenCommitted(subscriptionCounts, executor);
      return result.numDeletedRows > 0n;
    },

    /**
     * Deletes every non-admin account; their subscriptions, machines, tokens and ledger go with
     * them (cascade), keys and logs keep a null reference. Returns how many accounts it deleted.
     */
    async deleteNonAdmins(executor: Kysely<Database> = db): Promise<number> {
      const result = await executor
        .deleteFrom('users')
        .where('role', '<>', 'admin')
        .executeTakeFirst();
      clearWhenCommitted(keyTotals, executor);
      clearWhenCommitted(userTotals, executor);
      clearWhenCommitted(subscriptionCounts, executor);
      return Number(result.numDeletedRows);
    },

    /**
     * Changes any of username, e-mail, password. Every password change passes here: it ends the
     * account's security epoch and, in the same transaction, every reset link still outstanding
     * (a used link or a change in the profile must not leave others alive); so does a new
     * e-mail, whose old mailbox may hold one.
     */
    async updateAccount(id: string, change: AccountChange, executor: Kysely<Database> = db) {
      const revokesResetLinks = change.password !== undefined || change.email !== undefined;
      const apply = async (trx: Kysely<Database>) => {
        await applyAccountChange(trx, id, change, revokesResetLinks, endEpoch);
        // Searches (users by name or e-mail, keys by redeemer) and the username sort change.
        if (change.username !== undefined || change.email !== undefined) {
          clearWhenCommitted(userTotals, trx);
          clearWhenCommitted(keyTotals, trx);
        }
      };
      await (revokesResetLinks ? inOutboxTransaction(executor, apply) : apply(executor));
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
