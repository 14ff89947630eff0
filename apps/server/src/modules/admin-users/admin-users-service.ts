import type {
  AccountBody,
  AddSubscriptionBody,
  BulkResponse,
  ClientItem,
  CreateUserBody,
  MessageResponse,
  UserStatus,
  UserSubscription,
  UsersBulkBody,
  UsersExportQuery,
  UsersPage,
  UsersQuery,
} from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  BULK_MAX,
  accountMessages,
  centsToReais,
  messages,
  parseSort,
  tableMessages,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { UTF8_BOM, csvLine } from '../../platform/http/csv.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { SessionsRepository } from '../auth/index.js';
import type { FilesService } from '../files/index.js';
import { fileShaOf } from '../files/index.js';
import type { ProductsRepository } from '../products/index.js';
import { assertProductEnabled } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { effectiveExpiry } from '../subscriptions/index.js';
import type { DirectoryRow, UserDirectoryRepository } from './user-directory-repository.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';

const text = messages.admin;
const log = messages.activity;
const EXPORT_BATCH_ROWS = 5_000;
/** The users CSV holds at most this many rows (the whole table of the benchmark). */
const USERS_CSV_MAX_ROWS = 100_000;

export interface AdminUsersServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  directory: UserDirectoryRepository;
  products: ProductsRepository;
  /** Grants, the account's HWID reset and the subscription dialog's changes are theirs. */
  subscriptions: Pick<
    SubscriptionsService,
    'grant' | 'listForUser' | 'resetAccountHwids' | 'changeDays' | 'removeSubscription'
  >;
  activity: ActivityService;
  files: FilesService;
  /**
   * A creation records `user.registered`, a ban `user.banned`, in their transaction; an
   * account's HWID reset opens the one its `hwid.reset` events are recorded in.
   */
  events: EventRecorder;
  /** A password set by an admin ends every session of the account. */
  sessions: Pick<SessionsRepository, 'endAllExcept'>;
}

/** Admin user management (spec §2 'Gerenciar Usuários', §7). */
export function createAdminUsersService({
  db,
  clock,
  users,
  userAdmin,
  directory,
  products,
  subscriptions,
  activity,
  files,
  events,
  sessions,
}: AdminUsersServiceDeps) {
  async function existingUser(id: string, executor: Kysely<Database> = db): Promise<UserRow> {
    const user = await users.findById(id, executor);
    if (!user) throw new NotFoundError(text.userNotFound);
    return user;
  }

  /** A product time can be granted of: it exists and is not switched off. */
  async function grantableProduct(id: string, executor: Kysely<Database>) {
    const product = await products.find(id, executor);
    if (!product) throw new NotFoundError(text.productNotFound);
    assertProductEnabled(product);
    return product;
  }

  /** Why a ban or delete may not touch `target` (never oneself, never an admin), if so. */
  function refusal(target: Pick<UserRow, 'id' | 'role'>, actor: Actor): ConflictError | undefined {
    if (target.id === actor.userId)
      return new ConflictError(text.cannotTargetSelf, 'CANNOT_TARGET_SELF');
    if (target.role === 'admin')
      return new ConflictError(text.cannotTargetAdmin, 'CANNOT_TARGET_ADMIN');
    return undefined;
  }

  /** Ban and delete: never oneself, never an admin. */
  function assertTargetable(target: UserRow, actor: Actor): void {
    const refused = refusal(target, actor);
    if (refused) throw refused;
  }

  /** A bulk selection's ids: the given ones, or every user matching the filters (≤ BULK_MAX). */
  async function selectedIds(body: UsersBulkBody): Promise<string[]> {
    if (body.ids) return [...new Set(body.ids)];
    const filters = body.filter ?? { role: 'all' as const, status: 'all' as const };
    const ids = await directory.matchingIds(filters, BULK_MAX + 1);
    if (ids.length > BULK_MAX) {
      const total = await directory.count(filters);
      throw new UnprocessableError(tableMessages.bulkTooManyMatching(total, 'users'));
    }
    return ids;
  }

  function toCsv(row: DirectoryRow): string {
    return csvLine([
      row.username,
      row.email ?? '',
      row.role,
      row.status,
      centsToReais(row.balance_cents).toFixed(2),
      new Date(row.created_at).toISOString(),
    ]);
  }

  async function assertNamesFree(
    exceptId: string,
    names: { username?: string | undefined; email?: string | undefined },
    executor: Kysely<Database> = db,
  ): Promise<void> {
    const taken = await userAdmin.takenByOthers(exceptId, names, clock.now(), executor);
    if (taken.username) throw new ConflictError(messages.auth.usernameTaken, 'USERNAME_TAKEN');
    if (taken.email) throw new ConflictError(messages.auth.emailTaken, 'EMAIL_TAKEN');
  }

  /**
   * Runs a write that may hit the unique username/e-mail indexes; when two writes race for one
   * name the index decides and the loser gets the same 409 as the up-front check.
   */
  async function withNameCheck<T>(
    exceptId: string,
    names: { username?: string | undefined; email?: string | undefined },
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await assertNamesFree(exceptId, names);
      throw error;
    }
  }

  return {
    async list(query: UsersQuery): Promise<UsersPage> {
      const { rows, total } = await directory.page(
        { q: query.q, role: query.role, status: query.status },
        parseSort(query.sort),
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      const holdings = await directory.holdings(rows.map((row) => row.id));
      return {
        items: rows.map((row) => {
          const held = holdings.get(row.id);
          return {
            id: row.id,
            user: row.username,
            email: row.email,
            createdAt: new Date(row.created_at).toISOString(),
            status: row.status,
            role: row.role,
            hwid: held && held.hwids.length > 0 ? held.hwids.join(', ') : null,
            products: held?.products ?? [],
            balance: centsToReais(row.balance_cents),
          };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The selected users, or those matching the filters, as CSV (header first). */
    async *exportCsv(query: UsersExportQuery): AsyncGenerator<string> {
      yield UTF8_BOM + csvLine(['usuario', 'email', 'tipo', 'status', 'saldo', 'criado_em']);
      const sort = parseSort(query.sort);
      if (query.ids) {
        yield (await directory.byIds(query.ids, sort)).map(toCsv).join('');
        return;
      }
      const filters = { q: query.q, role: query.role, status: query.status };
      for (let offset = 0; offset < USERS_CSV_MAX_ROWS; offset += EXPORT_BATCH_ROWS) {
        const rows = await directory.rows(filters, sort, EXPORT_BATCH_ROWS, offset);
        if (rows.length === 0) return;
        yield rows.map(toCsv).join('');
        if (rows.length < EXPORT_BATCH_ROWS) return;
      }
    },

    /**
     * Ban, unban or delete many users in one transaction, each exactly as the single action
     * (same repository calls, same rules): admins and oneself are skipped for ban and delete;
     * a user already in the asked state, or gone, is not counted. One activity row per user
     * changed, none for the others, so two concurrent bulk bans of the same users ban and log
     * each once.
     */
    async bulk(body: UsersBulkBody, actor: Actor): Promise<BulkResponse> {
      // One order for every bulk call: two concurrent ones lock shared rows in the same order
      // (PostgreSQL would otherwise deadlock them).
      const ids = (await selectedIds(body)).sort();
      const { action } = body;
      let count = 0;
      let skipped = 0;
      await events.transaction(async (trx) => {
        for (const id of ids) {
          const user = await users.findById(id, trx);
          if (!user) continue;
          if (action !== 'unban' && refusal(user, actor)) {
            skipped += 1;
            continue;
          }
          if (action === 'delete') {
            if (!(await userAdmin.delete(id, trx))) continue;
            await files.release(trx, fileShaOf(user.avatar_url));
            await activity.record(trx, actor, {
              type: 'user.deleted',
              action: log.userDeleted(user.username),
              target: `user:${id}`,
            });
          } else {
            const status = action === 'ban' ? 'banned' : 'active';
            if (!(await userAdmin.setStatus(id, status, trx, { onlyIfChanged: true }))) continue;
            if (status === 'banned') {
              await events.record(trx, 'user.banned', { userId: id, by: actor.userId });
            }
            await activity.record(trx, actor, {
              type: status === 'banned' ? 'user.banned' : 'user.unbanned',
              action:
                status === 'banned'
                  ? log.userBanned(user.username)
                  : log.userUnbanned(user.username),
              target: `user:${id}`,
            });
          }
          count += 1;
        }
      });
      return { message: tableMessages.usersDone(action, count, skipped), count, skipped };
    },

    clients(q: string | undefined): Promise<ClientItem[]> {
      return directory.clients(q, ADMIN_LIMITS.clientsMax);
    },

    async subscriptions(userId: string): Promise<UserSubscription[]> {
      await existingUser(userId);
      const now = clock.now();
      return (await subscriptions.listForUser(userId)).map((sub) => ({
        id: sub.id,
        name: sub.product_name,
        status: sub.status,
        created_at: new Date(sub.created_at).toISOString(),
        expires_at: new Date(effectiveExpiry(sub, now)).toISOString(),
      }));
    },

    /** A verified client account, with its first subscription in the same transaction. */
    async create(body: CreateUserBody, actor: Actor) {
      await assertNamesFree('', body);
      const passwordHash = await hashPassword(body.password);
      const id = newId();
      await withNameCheck('', body, () =>
        events.transaction(async (trx) => {
          const now = clock.now();
          await users.insertClient(
            {
              id,
              username: body.username,
              email: body.email,
              password_hash: passwordHash,
              email_verified_at: now,
              created_at: now,
            },
            trx,
          );
          await events.record(trx, 'user.registered', {
            userId: id,
            role: 'client',
            via: 'admin',
            at: now,
          });
          if (body.subscription) {
            await grantableProduct(body.subscription.productId, trx);
            await subscriptions.grant(trx, { userId: id, ...body.subscription });
          }
          await activity.record(trx, actor, {
            type: 'user.created',
            action: log.userCreated(body.username),
            target: `user:${id}`,
          });
        }),
      );
      return { message: text.userCreated, id };
    },

    async setStatus(id: string, status: UserStatus, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const user = await existingUser(id, trx);
        if (status === 'banned') assertTargetable(user, actor);
        await userAdmin.setStatus(id, status, trx);
        if (status === 'banned') {
          await events.record(trx, 'user.banned', { userId: id, by: actor.userId });
        }
        await activity.record(trx, actor, {
          type: status === 'banned' ? 'user.banned' : 'user.unbanned',
          action:
            status === 'banned' ? log.userBanned(user.username) : log.userUnbanned(user.username),
          target: `user:${id}`,
        });
      });
      return { message: status === 'banned' ? text.userBanned : text.userUnbanned };
    },

    async delete(id: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const user = await existingUser(id, trx);
        assertTargetable(user, actor);
        await userAdmin.delete(id, trx);
        await files.release(trx, fileShaOf(user.avatar_url));
        await activity.record(trx, actor, {
          type: 'user.deleted',
          action: log.userDeleted(user.username),
          target: `user:${id}`,
        });
      });
      return { message: text.userDeleted };
    },

    async resetHwid(id: string, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const user = await existingUser(id, trx);
        await subscriptions.resetAccountHwids(trx, id, actor.userId);
        await activity.record(trx, actor, {
          type: 'user.hwid_reset',
          action: log.hwidReset(user.username),
          target: `user:${id}`,
        });
      });
      return { message: text.hwidReset };
    },

    /** Adds days to the user's subscription to the product, creating it if needed. */
    async addSubscription(
      id: string,
      body: AddSubscriptionBody,
      actor: Actor,
    ): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const user = await existingUser(id, trx);
        const product = await grantableProduct(body.productId, trx);
        await subscriptions.grant(trx, { userId: id, ...body });
        await activity.record(trx, actor, {
          type: 'subscription.added',
          action: log.subscriptionAdded(user.username, product.name, body.days),
          target: `user:${id}`,
        });
      });
      return { message: text.subscriptionAdded };
    },

    removeSubscription(subId: string, actor: Actor): Promise<MessageResponse> {
      return subscriptions.removeSubscription(subId, actor);
    },

    /** Adds (positive) or removes (negative) days; removing never goes below now. */
    changeDays(subId: string, days: number, actor: Actor): Promise<MessageResponse> {
      return subscriptions.changeDays(subId, days, actor);
    },

    /** Username, e-mail and/or password; a new password ends the user's sessions. */
    async updateAccount(id: string, body: AccountBody, actor: Actor): Promise<MessageResponse> {
      const user = await existingUser(id);
      // A stolen admin session must not turn into a permanent takeover: an administrator's
      // sign-in secrets change only through the profile's re-authenticated calls or a reset link.
      if (user.role === 'admin' && (body.email !== undefined || body.password !== undefined)) {
        throw new ConflictError(accountMessages.adminCredentialsLocked, 'CANNOT_TARGET_ADMIN');
      }
      await assertNamesFree(id, body);
      const passwordHash =
        body.password === undefined ? undefined : await hashPassword(body.password);
      const changed = [
        body.username !== undefined && 'username',
        body.email !== undefined && 'e-mail',
        body.password !== undefined && 'senha',
      ].filter((field): field is string => typeof field === 'string');
      await withNameCheck(id, body, () =>
        // A new password ends the account's security epoch, recorded in this transaction.
        events.transaction(async (trx) => {
          await existingUser(id, trx);
          await userAdmin.updateAccount(
            id,
            {
              username: body.username,
              email: body.email,
              password:
                passwordHash === undefined
                  ? undefined
                  : { hash: passwordHash, reason: 'password_changed' },
            },
            trx,
          );
          if (passwordHash) await sessions.endAllExcept(id, null, clock.now(), trx);
          await activity.record(trx, actor, {
            type: 'user.updated',
            action: log.accountUpdated(user.username, changed.join(', ')),
            target: `user:${id}`,
          });
        }),
      );
      return { message: text.accountUpdated };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
