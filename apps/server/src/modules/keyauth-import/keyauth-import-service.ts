import type {
  KeyAuthImportFile,
  KeyAuthImportProblem,
  KeyAuthImportSummary,
  KeyStatus,
} from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  KEYAUTH_IMPORT_LIMITS,
  keyAuthImportMessages as m,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { isBcryptHash } from '../../platform/crypto/passwords.js';
import type { ActivityService } from '../activity/index.js';
import type { ImportedKeyRow, KeysRepository } from '../keys/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { ImportedUserRow, UsersRepository } from '../users/index.js';
import type { ImportedMachineRow, ImportedSubscriptionRow } from '../subscriptions/index.js';
import { insertImportedMachines, insertImportedSubscriptions } from '../subscriptions/index.js';
import type { KeyAuthKey, KeyAuthKeyStatus, KeyAuthUser } from './keyauth-export.js';
import { readLicensesExport, readUsersExport } from './keyauth-export.js';
import type { AccountByName, KeyAuthImportRepository } from './keyauth-import-repository.js';
import type { GroupCountCache } from '../../platform/state/count-cache.js';

/**
 * Stored for an imported user whose export carried no bcrypt hash: no password verifies
 * against it (verifyPassword answers false for a malformed hash), so the account is reachable
 * only once an admin or the user's key sets one.
 */
const NO_PASSWORD = '!keyauth-no-password';
const USERNAME_MAX = 70;
const HWID_MAX = 128;
const KEY_MAX = 100;
const DAY_SECONDS = 86_400;

const KEY_STATUS: Record<KeyAuthKeyStatus, KeyStatus> = {
  unused: 'active',
  used: 'used',
  banned: 'banned',
};

export interface KeyAuthImportInput {
  productId: string;
  /** The text of each export given. */
  users?: string;
  licenses?: string;
}

export interface KeyAuthImportDeps extends Pick<AppContext, 'clock'> {
  db: Kysely<Database>;
  repository: KeyAuthImportRepository;
  /** The imported accounts and their key credentials, written in the import's transaction. */
  usersRepository: Pick<UsersRepository, 'insertImported' | 'recordKeyCredentials'>;
  products: Pick<ProductsRepository, 'find'>;
  /** The imported keys, written in the import's transaction. */
  keyRows: Pick<KeysRepository, 'insertImported'>;
  activity: Pick<ActivityService, 'record'>;
  /** Platform.subscriptionCounts: the imported subscriptions change them. */
  subscriptionCounts: Pick<GroupCountCache, 'clear'>;
}

/** An account of the import: one it wrote now, or the same one an earlier import wrote. */
interface ImportedAccount {
  id: string;
  user: KeyAuthUser;
}

/**
 * KeyAuth → Chaveiro: users with their bcrypt hash (upgraded at their next login),
 * their expiry as a subscription to one product, their HWID as its bound machine, and licence
 * keys with their status. Both files are read and checked whole before anything is written, and
 * everything is written in one transaction: a wrong file, or a failure halfway, leaves nothing.
 */
export function createKeyAuthImport({
  clock,
  db,
  repository,
  usersRepository,
  products,
  keyRows,
  activity,
  subscriptionCounts,
}: KeyAuthImportDeps) {
  return {
    async run(input: KeyAuthImportInput, actor: Actor | null): Promise<KeyAuthImportSummary> {
      const users = input.users === undefined ? [] : readUsersExport(input.users);
      const keys = input.licenses === undefined ? [] : readLicensesExport(input.licenses);
      const product = await products.find(input.productId);
      if (!product) throw new NotFoundError(m.productNotFound);
      const now = clock.now();
      const problems: KeyAuthImportProblem[] = [];
      const note = (file: KeyAuthImportFile, line: number, message: string) =>
        problems.push({ file, line, message });

      const summary = await withTransaction(db, async (trx) => {
        const accounts = await importUsers(trx, users, now, note);
        const { subscriptions, machines } = await importSubscriptions(
          trx,
          product.id,
          accounts.created.concat(accounts.existing),
          now,
        );
        const keyCounts = await importKeys(
          trx,
          product.id,
          keys,
          accounts.byName,
          actor,
          now,
          note,
        );
        const userCounts = {
          created: accounts.created.length,
          existing: accounts.existing.length,
          skipped: accounts.skipped,
        };
        await activity.record(trx, actor, {
          type: 'keyauth.imported',
          action: m.logImported(product.name, userCounts.created, keyCounts.created),
          target: `product:${product.id}`,
        });
        return { users: userCounts, keys: keyCounts, subscriptions, machines };
      });

      problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file === 'users' ? -1 : 1));
      const listed = problems.slice(0, KEYAUTH_IMPORT_LIMITS.maxProblemsListed);
      return {
        message: m.summary(summary.users.created, summary.keys.created),
        ...summary,
        problems: listed,
        moreProblems: problems.length - listed.length,
      };
    },
  };

  async function importUsers(
    trx: Kysely<Database>,
    users: KeyAuthUser[],
    now: number,
    note: (file: KeyAuthImportFile, line: number, message: string) => void,
  ) {
    const created: ImportedAccount[] = [];
    const existing: ImportedAccount[] = [];
    const byName = new Map<string, string>();
    let skipped = 0;

    const usable = users.filter((user) => {
      if (usableUsername(user.username)) return true;
      note('users', user.line(), m.usernameUnusable(user.username));
      skipped += 1;
      return false;
    });
    const rows = new Map<string, ImportedUserRow>();
    for (const user of usable) {
      const hasHash = user.password !== null && isBcryptHash(user.password);
      if (!hasHash) note('users', user.line(), m.passwordNotBcrypt(user.username));
      rows.set(user.username.toLowerCase(), {
        id: newId(),
        username: user.username,
        passwordHash: hasHash && user.password ? user.password : NO_PASSWORD,
        status: user.banned ? 'banned' : 'active',
        createdAt: user.createdAt ?? now,
      });
    }

    const byLower = new Map(usable.map((user) => [user.username.toLowerCase(), user]));
    /** Sorts the accounts already named like an imported user: the same one, or a clash. */
    const classify = (found: AccountByName[]) => {
      for (const account of found) {
        const row = rows.get(account.username_lower);
        const user = byLower.get(account.username_lower);
        if (!row || !user) continue;
        rows.delete(account.username_lower);
        if (isSameAccount(account, user, row)) {
          existing.push({ id: account.id, user });
          byName.set(account.username_lower, account.id);
        } else {
          note('users', user.line(), m.usernameClash(user.username, account.username));
          skipped += 1;
        }
      }
    };

    classify(await repository.accountsByName(trx, [...rows.keys()]));
    const toInsert = [...rows.values()];
    const inserted = await usersRepository.insertImported(toInsert, trx);
    for (const row of toInsert) {
      const lower = row.username.toLowerCase();
      const user = byLower.get(lower);
      if (!user || !inserted.has(row.id)) continue;
      rows.delete(lower);
      created.push({ id: row.id, user });
      byName.set(lower, row.id);
    }
    // Names another import wrote between the read and the insert: sorted like the first ones.
    if (rows.size > 0) classify(await repository.accountsByName(trx, [...rows.keys()]));
    return { created, existing, skipped, byName };
  }

  async function importSubscriptions(
    trx: Kysely<Database>,
    productId: string,
    accounts: ImportedAccount[],
    now: number,
  ) {
    const subscriptions: ImportedSubscriptionRow[] = [];
    const hwids = new Map<string, ImportedAccount>();
    for (const account of accounts) {
      const { user } = account;
      if (user.expiresAt === null && user.pausedRemainingMs === null) continue;
      const paused = user.pausedRemainingMs !== null;
      const hwid = user.hwid !== null && user.hwid.length <= HWID_MAX ? user.hwid : null;
      const row: ImportedSubscriptionRow = {
        id: newId(),
        userId: account.id,
        productId,
        status: paused ? 'paused' : 'active',
        expiresAt: paused ? null : user.expiresAt,
        pausedRemainingMs: user.pausedRemainingMs,
        pausedBy: paused ? 'admin' : null,
        // Every HWID KeyAuth had bound stays bound: room for at least that many (KeyAuth keeps one
        // `hwid` per user), and never less than the one device a new subscription gets.
        maxDevices: Math.max(1, hwid === null ? 0 : 1),
        createdAt: user.createdAt ?? now,
      };
      subscriptions.push(row);
      if (hwid !== null) hwids.set(row.id, account);
    }
    const inserted = await insertImportedSubscriptions(trx, subscriptions, subscriptionCounts);
    // Machines only on subscriptions written now: an existing subscription keeps its own.
    const machines: ImportedMachineRow[] = [];
    for (const [subscriptionId, { user }] of hwids) {
      if (!inserted.has(subscriptionId) || user.hwid === null) continue;
      const firstSeenAt = user.createdAt ?? now;
      machines.push({
        id: newId(),
        subscriptionId,
        hwid: user.hwid,
        firstSeenAt,
        lastSeenAt: Math.max(firstSeenAt, user.lastLoginAt ?? firstSeenAt),
        lastIp: user.ip,
      });
    }
    return {
      subscriptions: inserted.size,
      machines: await insertImportedMachines(trx, machines),
    };
  }

  async function importKeys(
    trx: Kysely<Database>,
    productId: string,
    keys: KeyAuthKey[],
    accounts: Map<string, string>,
    actor: Actor | null,
    now: number,
    note: (file: KeyAuthImportFile, line: number, message: string) => void,
  ) {
    let skipped = 0;
    const skip = (key: KeyAuthKey, message: string) => {
      note('licenses', key.line(), message);
      skipped += 1;
    };
    const stored = await repository.keysByValue(
      trx,
      keys.map((key) => key.key),
    );
    let existing = 0;
    const rows: ImportedKeyRow[] = [];
    /** Accounts KeyAuth's `license` made: named by the key they redeemed. */
    const namedByKey = new Map<string, string>();
    for (const key of keys) {
      const found = stored.get(key.key);
      if (found) {
        if (found.productId === productId) existing += 1;
        else skip(key, m.keyClash(key.key));
        continue;
      }
      if (key.key.length > KEY_MAX) {
        skip(key, m.keyTooLong(key.key));
        continue;
      }
      // KeyAuth's "lifetime" keys run for centuries; ours stop at the longest any key may run.
      const days = Math.max(1, Math.ceil(key.durationSeconds / DAY_SECONDS));
      const durationDays = Math.min(days, ADMIN_LIMITS.daysMax);
      if (days > durationDays) {
        note(
          'licenses',
          key.line(),
          m.keyDurationCapped(key.key, durationDays.toLocaleString('pt-BR')),
        );
      }
      const used = key.status === 'used';
      const redeemedBy =
        used && key.usedBy ? (accounts.get(key.usedBy.toLowerCase()) ?? null) : null;
      if (used && key.usedBy && redeemedBy === null) {
        note('licenses', key.line(), m.keyUserUnknown(key.key, key.usedBy));
      }
      if (redeemedBy !== null && key.usedBy === key.key) namedByKey.set(key.key, redeemedBy);
      rows.push({
        id: newId(),
        key: key.key,
        productId,
        durationDays,
        status: KEY_STATUS[key.status],
        createdBy: actor?.userId ?? null,
        redeemedBy,
        redeemedAt: used ? (key.usedAt ?? now) : null,
        createdAt: key.createdAt ?? now,
      });
    }
    const inserted = await keyRows.insertImported(trx, rows);
    await usersRepository.recordKeyCredentials(
      [...namedByKey].filter(([value]) => inserted.has(value)).map(([, userId]) => userId),
      trx,
    );
    // A key another import wrote meanwhile: there now, so "existing" (or a clash, if elsewhere).
    const racing = new Set(rows.filter((row) => !inserted.has(row.key)).map((row) => row.key));
    if (racing.size > 0) {
      const written = await repository.keysByValue(trx, [...racing]);
      for (const key of keys.filter((candidate) => racing.has(candidate.key))) {
        if (written.get(key.key)?.productId === productId) existing += 1;
        else skip(key, m.keyClash(key.key));
      }
    }
    return { created: inserted.size, existing, skipped };
  }
}

export type KeyAuthImport = ReturnType<typeof createKeyAuthImport>;

/**
 * KeyAuth's usernames are kept as they are (license users are named after their key, longer
 * than a site username may be), unless the login could never find them: an `@` makes the login
 * read an e-mail address, and the login trims what is typed.
 */
function usableUsername(username: string): boolean {
  return (
    username.length <= USERNAME_MAX &&
    username.trim() === username &&
    ![...username].some((char) => char.normalize('NFKC').includes('@'))
  );
}

/**
 * An account already named like an imported user is that user when an earlier import wrote it:
 * it still has the export's bcrypt hash, or (the hash upgraded since, at a login) it was created
 * at the export's `createdate`. Any other account of that name is someone else's.
 */
function isSameAccount(account: AccountByName, user: KeyAuthUser, row: ImportedUserRow): boolean {
  if (account.username !== user.username) return false;
  if (account.password_hash === row.passwordHash) return true;
  return user.createdAt !== null && account.created_at === user.createdAt;
}
