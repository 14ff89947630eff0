import type {
  ApiDeliveryBody,
  ApiDeliveryResponse,
  ApiGenerateKeysBody,
  ApiGenerateKeysResponse,
  ApiKey,
  ApiKeysPage,
  ApiKeysQuery,
  ApiLicense,
  ApiLicensesResponse,
  ApiUser,
  CustomerOverview,
  MessageResponse,
  UserStatus,
} from '@chaveiro/contract';
import { PLAN_DURATION_DAYS, SELLER_API_LIMITS, sellerApiMessages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { AdminCustomersService } from '../admin-customers/index.js';
import type { AdminUsersService } from '../admin-users/index.js';
import type { KeyListRow, KeysRepository, KeysService } from '../keys/index.js';
import { keyStatusAt } from '../keys/index.js';
import type { ProductsRepository } from '../products/index.js';
import { assertPurchasable } from '../products/index.js';
import type { ResellerService } from '../reseller/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import type { SellerApiRepository } from './seller-api-repository.js';

const text = sellerApiMessages;

/** Who calls the seller API: the API token's owner, and from where. */
export interface ApiCaller {
  userId: string;
  username: string;
  role: 'admin' | 'reseller';
  ip: string;
}

export interface SellerApiServiceDeps extends Pick<AppContext, 'clock'> {
  repository: SellerApiRepository;
  /** A delivery's transaction: a reseller's purchase records its event in it. */
  events: EventRecorder;
  keys: KeysService;
  keyRows: Pick<KeysRepository, 'find' | 'byIds' | 'keysetPage'>;
  reseller: Pick<ResellerService, 'buyKeysIn'>;
  /** A delivery's product, read in its transaction: whether it can be sold now. */
  products: Pick<ProductsRepository, 'find'>;
  adminUsers: Pick<AdminUsersService, 'setStatus'>;
  adminCustomers: Pick<AdminCustomersService, 'overview'>;
  /** A licence's changes: the dashboards' own rules, events and activity lines. */
  subscriptions: Pick<
    SubscriptionsService,
    | 'findDetail'
    | 'findByUserProduct'
    | 'changeDays'
    | 'pauseByAdmin'
    | 'resumeByAdmin'
    | 'resetHwidByAdmin'
    | 'releaseMachineByAdmin'
  >;
  users: Pick<UsersRepository, 'findById' | 'findByLogin' | 'findByEmail'>;
}

/** The audit actor of an API call: its token's owner, marked so the log line says "via API". */
function actorOf(caller: ApiCaller): Actor {
  return { userId: caller.userId, username: caller.username, ip: caller.ip, via: 'api' };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The opaque `nextCursor`: the last row's (created_at, id). */
function encodeCursor(row: { created_at: number; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64
    ) {
      return { createdAt: value[0] as number, id: value[1] };
    }
  } catch {
    // Not base64url JSON: refused below like any other malformed cursor.
  }
  throw new BadRequestError(text.cursorInvalid, 'CURSOR_INVALID');
}

/**
 * The seller API (`/api/v1`): keys, licences, users and storefront deliveries on behalf of an
 * API token's owner. Every change goes through the service the dashboard's own action uses, so
 * prices, rules, events and activity lines are the same; this layer adds ownership (a reseller
 * sees only the keys it created; another's answers 404) and the deliveries' idempotency.
 */
export function createSellerApiService({
  clock,
  repository,
  events,
  keys,
  keyRows,
  reseller,
  products,
  adminUsers,
  adminCustomers,
  subscriptions,
  users,
}: SellerApiServiceDeps) {
  function assertAdmin(caller: ApiCaller): void {
    if (caller.role !== 'admin') throw new ForbiddenError();
  }

  function assertResellerQuantity(caller: ApiCaller, quantity: number): void {
    if (caller.role === 'reseller' && quantity > SELLER_API_LIMITS.resellerKeysPerRequestMax) {
      throw new BadRequestError(text.resellerQuantityRange, 'VALIDATION_ERROR');
    }
  }

  function toApiKey(row: KeyListRow, now: number): ApiKey {
    return {
      id: row.id,
      key: row.key,
      productId: row.product_id,
      product: row.product_name,
      days: row.duration_days,
      status: keyStatusAt(row, now),
      redeemedBy: row.client,
      redeemedAt: iso(row.redeemed_at),
      redeemBy: iso(row.redeem_by),
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** The key by value if the caller may see it; another reseller's key is "not found". */
  async function visibleKey(caller: ApiCaller, value: string) {
    const key = await keyRows.find({ key: value });
    if (!key || (caller.role === 'reseller' && key.created_by !== caller.userId)) {
      throw new NotFoundError(text.keyNotFound, 'KEY_NOT_FOUND');
    }
    return key;
  }

  async function apiKeyById(id: string): Promise<ApiKey> {
    const [row] = await keyRows.byIds([id]);
    if (!row) throw new NotFoundError(text.keyNotFound, 'KEY_NOT_FOUND');
    return toApiKey(row, clock.now());
  }

  function licensesOf(overview: CustomerOverview): ApiLicense[] {
    const { id, username } = overview.profile;
    return overview.subscriptions.map((sub) => ({ ...sub, user_id: id, username }));
  }

  async function licenseById(subscriptionId: string): Promise<ApiLicense> {
    const detail = await subscriptions.findDetail(subscriptionId);
    const license =
      detail &&
      licensesOf(await adminCustomers.overview(detail.user_id)).find(
        (sub) => sub.id === subscriptionId,
      );
    if (!license) throw new NotFoundError(text.licenseNotFound, 'LICENSE_NOT_FOUND');
    return license;
  }

  /** A licence must exist before an action names it, so an unknown id is the API's 404. */
  async function existingLicense(subscriptionId: string): Promise<void> {
    if (!(await subscriptions.findDetail(subscriptionId))) {
      throw new NotFoundError(text.licenseNotFound, 'LICENSE_NOT_FOUND');
    }
  }

  /** An account named by id, username or e-mail. */
  async function userNamed(identifier: string) {
    const user =
      (await users.findById(identifier)) ??
      (identifier.includes('@')
        ? await users.findByEmail(identifier)
        : await users.findByLogin(identifier));
    if (!user) throw new NotFoundError(text.userNotFound, 'USER_NOT_FOUND');
    return user;
  }

  async function apiUser(id: string): Promise<ApiUser> {
    const { profile, subscriptions: subs } = await adminCustomers.overview(id);
    return {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      role: profile.role,
      status: profile.status,
      createdAt: profile.created_at,
      subscriptions: subs.map((sub) => ({
        id: sub.id,
        productId: sub.product_id,
        product: sub.product_name,
        status: sub.status,
        expiresAt: sub.expires_at,
        daysRemaining: sub.days_remaining,
      })),
    };
  }

  /**
   * Issues keys inside `trx`: an admin's as the dashboard's generation, a reseller's as its
   * purchase (price, balance debit, ledger, event and activity), both the dashboards' own code.
   */
  async function issueIn(
    trx: Kysely<Database>,
    caller: ApiCaller,
    order: {
      productId: string;
      durationType: ApiGenerateKeysBody['durationType'];
      quantity: number;
    },
  ): Promise<{ keys: string[]; total: number | null; balance: number | null }> {
    if (caller.role === 'reseller') {
      const bought = await reseller.buyKeysIn(trx, order, actorOf(caller));
      return { keys: bought.keys, total: bought.total, balance: bought.balance };
    }
    return { keys: await keys.generateIn(trx, order, actorOf(caller)), total: null, balance: null };
  }

  return {
    async generateKeys(
      caller: ApiCaller,
      body: ApiGenerateKeysBody,
    ): Promise<ApiGenerateKeysResponse> {
      assertResellerQuantity(caller, body.quantity);
      const issued = await events.transaction((trx) => issueIn(trx, caller, body));
      return {
        ...issued,
        productId: body.productId,
        durationType: body.durationType,
        days: PLAN_DURATION_DAYS[body.durationType],
      };
    },

    async listKeys(caller: ApiCaller, query: ApiKeysQuery): Promise<ApiKeysPage> {
      const now = clock.now();
      const rows = await keyRows.keysetPage(
        {
          productId: query.productId,
          status: query.status,
          createdBy: caller.role === 'reseller' ? caller.userId : undefined,
          createdAfter:
            query.createdAfter === undefined ? undefined : Date.parse(query.createdAfter),
          createdBefore:
            query.createdBefore === undefined ? undefined : Date.parse(query.createdBefore),
          redeemed: query.redeemed === undefined ? undefined : query.redeemed === 'true',
        },
        query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        query.limit + 1,
        now,
      );
      const page = rows.slice(0, query.limit);
      const hasMore = rows.length > query.limit;
      const last = page[page.length - 1];
      return {
        data: page.map((row) => toApiKey(row, now)),
        hasMore,
        nextCursor: hasMore && last ? encodeCursor(last) : null,
      };
    },

    async getKey(caller: ApiCaller, value: string): Promise<ApiKey> {
      return apiKeyById((await visibleKey(caller, value)).id);
    },

    /** Ban or unban an unused key (the key menu's rule: a used key cannot be banned). */
    async setKeyBanned(caller: ApiCaller, value: string, banned: boolean): Promise<ApiKey> {
      const key = await visibleKey(caller, value);
      // The keys service decides whose ban may be lifted (a reseller: only its own).
      await keys.update(
        key.id,
        { status: banned ? 'banned' : 'active' },
        { ...actorOf(caller), role: caller.role },
      );
      return apiKeyById(key.id);
    },

    async deleteKey(caller: ApiCaller, value: string): Promise<MessageResponse> {
      const key = await visibleKey(caller, value);
      await keys.delete(key.id, actorOf(caller));
      return { message: text.keyDeleted };
    },

    async licenseByKey(caller: ApiCaller, value: string): Promise<ApiLicense> {
      assertAdmin(caller);
      const key = await keyRows.find({ key: value });
      if (!key) throw new NotFoundError(text.keyNotFound, 'KEY_NOT_FOUND');
      const [row] = await keyRows.byIds([key.id]);
      const fed =
        row?.client_id && (await subscriptions.findByUserProduct(row.client_id, key.product_id));
      if (!fed) {
        // A used key whose redeemer or subscription is gone has no licence any more either.
        const why = key.status === 'used' ? text.licenseNotFound : text.keyNotRedeemed;
        throw new NotFoundError(why, 'LICENSE_NOT_FOUND');
      }
      return licenseById(fed.id);
    },

    async licensesOfUser(caller: ApiCaller, identifier: string): Promise<ApiLicensesResponse> {
      assertAdmin(caller);
      const user = await userNamed(identifier);
      return { data: licensesOf(await adminCustomers.overview(user.id)) };
    },

    /** Adds (positive) or removes (negative) days, as the admin's subscription dialog does. */
    async changeDays(caller: ApiCaller, subscriptionId: string, days: number) {
      assertAdmin(caller);
      await existingLicense(subscriptionId);
      await subscriptions.changeDays(subscriptionId, days, actorOf(caller));
      return licenseById(subscriptionId);
    },

    async setPaused(caller: ApiCaller, subscriptionId: string, paused: boolean) {
      assertAdmin(caller);
      await existingLicense(subscriptionId);
      if (paused) await subscriptions.pauseByAdmin(subscriptionId, actorOf(caller));
      else await subscriptions.resumeByAdmin(subscriptionId, actorOf(caller));
      return licenseById(subscriptionId);
    },

    async resetHwid(caller: ApiCaller, subscriptionId: string) {
      assertAdmin(caller);
      await existingLicense(subscriptionId);
      await subscriptions.resetHwidByAdmin(subscriptionId, actorOf(caller));
      return licenseById(subscriptionId);
    },

    /** One machine of the licence released, as the admin's customer page releases it. */
    async releaseMachine(caller: ApiCaller, subscriptionId: string, machineId: string) {
      assertAdmin(caller);
      const license = await licenseById(subscriptionId);
      if (!license.machines.some((machine) => machine.id === machineId)) {
        throw new NotFoundError(text.machineNotFound, 'MACHINE_NOT_FOUND');
      }
      return subscriptions.releaseMachineByAdmin(license.user_id, machineId, actorOf(caller));
    },

    async lookupUser(
      caller: ApiCaller,
      query: { username?: string | undefined; email?: string | undefined },
    ): Promise<ApiUser> {
      assertAdmin(caller);
      const user =
        query.email !== undefined
          ? await users.findByEmail(query.email)
          : query.username !== undefined && !query.username.includes('@')
            ? await users.findByLogin(query.username)
            : undefined;
      if (!user) throw new NotFoundError(text.userNotFound, 'USER_NOT_FOUND');
      return apiUser(user.id);
    },

    /** Ban or unban an account, as "Gerenciar Usuários" does (never an admin). */
    async setUserStatus(caller: ApiCaller, id: string, status: UserStatus): Promise<ApiUser> {
      assertAdmin(caller);
      if (!(await users.findById(id))) {
        throw new NotFoundError(text.userNotFound, 'USER_NOT_FOUND');
      }
      await adminUsers.setStatus(id, status, actorOf(caller));
      return apiUser(id);
    },

    /**
     * Delivers one paid storefront order: the first call for an `orderId` (per token owner)
     * claims it and issues (or buys) the keys in the same transaction; any later or concurrent
     * call for it answers those keys and issues nothing. A failed issuance (unknown product,
     * short balance) rolls the claim back with it, so a retry may succeed later.
     *
     * A delivery is a sale whoever's token asks: while the product is down and not sold
     * meanwhile it answers 409 PRODUCT_NOT_OPERATIONAL (an admin token included). A replay of
     * an order delivered before still answers its keys.
     */
    async deliver(caller: ApiCaller, body: ApiDeliveryBody): Promise<ApiDeliveryResponse> {
      assertResellerQuantity(caller, body.quantity);
      return events.transaction(async (trx) => {
        const createdAt = clock.now();
        const id = newId();
        const claimed = await repository.claim(
          {
            id,
            ownerId: caller.userId,
            orderId: body.orderId,
            productId: body.productId,
            plan: body.plan,
            quantity: body.quantity,
            customerEmail: body.customerEmail ?? null,
            createdAt,
          },
          trx,
        );
        if (!claimed) {
          const stored = await repository.find(caller.userId, body.orderId, trx);
          // The pair's row exists (the claim just collided with it) and cannot vanish meanwhile.
          if (!stored) throw new Error('Storefront delivery missing after a conflicting claim');
          if (
            stored.product_id !== body.productId ||
            stored.plan !== body.plan ||
            Number(stored.quantity) !== body.quantity
          ) {
            throw new ConflictError(text.deliveryMismatch, 'DELIVERY_MISMATCH');
          }
          return {
            orderId: stored.order_id,
            keys: stored.keys,
            createdAt: new Date(Number(stored.created_at)).toISOString(),
            replayed: true,
          };
        }
        const product = await products.find(body.productId, trx);
        // An unknown product is issueIn's own 404.
        if (product) assertPurchasable(product);
        const issued = await issueIn(trx, caller, {
          productId: body.productId,
          durationType: body.plan,
          quantity: body.quantity,
        });
        await repository.linkKeys(id, issued.keys, trx);
        return {
          orderId: body.orderId,
          keys: issued.keys,
          createdAt: new Date(createdAt).toISOString(),
          replayed: false,
        };
      });
    },
  };
}

export type SellerApiService = ReturnType<typeof createSellerApiService>;
