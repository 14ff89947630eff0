import type {
  BulkResponse,
  GenerateKeysBody,
  GenerateKeysResponse,
  KeyInfo,
  KeysExportQuery,
  KeysBulkBody,
  KeysPage,
  KeysQuery,
  MessageResponse,
  Role,
  UpdateKeyBody,
} from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  BULK_MAX,
  PLAN_DURATION_DAYS,
  messages,
  parseSort,
  tableMessages,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { csvLine } from '../../platform/http/csv.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
} from '../../platform/core/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { endOfBrDay } from '../../platform/core/pt-br.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { ProductsRepository } from '../products/index.js';
import { assertProductEnabled } from '../products/index.js';
import { effectiveExpiry } from '../subscriptions/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { KeyIssuer } from './key-issuer.js';
import type { KeyRedemption } from './key-redemption.js';
import type { KeyListRow, KeysRepository } from './keys-repository.js';
import { keyStatusAt } from './keys-repository.js';

const text = messages.admin;
const log = messages.activity;
const EXPORT_BATCH_ROWS = 5_000;

/** Who changes a key through the key menu or the seller API: an admin, or its reseller. */
export interface KeyActor extends Actor {
  role: Role;
}

export interface KeysServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  keys: KeysRepository;
  products: ProductsRepository;
  subscriptions: Pick<SubscriptionsService, 'findByUserProduct'>;
  redemption: KeyRedemption;
  activity: ActivityService;
  issuer: KeyIssuer;
  /** Link User's transaction: the redemption records `key.redeemed` in it. */
  events: EventRecorder;
}

export function createKeysService({
  db,
  clock,
  keys,
  products,
  subscriptions,
  redemption,
  activity,
  issuer,
  events,
}: KeysServiceDeps) {
  async function existingKey(id: string) {
    const key = await keys.find({ id });
    if (!key) throw new NotFoundError(text.keyNotFound);
    return key;
  }

  return {
    async list(query: KeysQuery): Promise<KeysPage> {
      const now = clock.now();
      return pageOf(
        query,
        (limit, offset) => keys.page(query, limit, offset, now, parseSort(query.sort)),
        (row) => toKeyRow(row, now),
      );
    },

    /** The matching keys as CSV lines (RFC 4180), header first, at most the export cap. */
    async *exportCsv(query: KeysExportQuery): AsyncGenerator<string> {
      const now = clock.now();
      yield csvLine([
        'chave',
        'produto',
        'validade_dias',
        'status',
        'cliente',
        'criada_em',
        'resgatar_ate',
      ]);
      const toCsv = (row: KeyListRow) =>
        csvLine([
          row.key,
          row.product_name,
          String(row.duration_days),
          keyStatusAt(row, now),
          row.client ?? '',
          new Date(row.created_at).toISOString(),
          row.redeem_by === null ? '' : new Date(row.redeem_by).toISOString(),
        ]);
      if (query.ids) {
        yield (await keys.byIds(query.ids)).map(toCsv).join('');
        return;
      }
      // The filtered list, newest first whatever the table's sort (keyset batches).
      for await (const batch of keys.batches(
        query,
        EXPORT_BATCH_ROWS,
        ADMIN_LIMITS.keysCsvMaxRows,
        now,
      )) {
        yield batch.map(toCsv).join('');
      }
    },

    /**
     * Ban or delete many keys in one transaction, each as the single action does (same
     * repository calls): a used or stored-expired key cannot be banned (skipped); a key already
     * banned, or gone, is not counted. One activity row per key changed, so two concurrent bulk
     * actions on the same keys change and log each once.
     */
    async bulk(body: KeysBulkBody, actor: Actor): Promise<BulkResponse> {
      let ids: string[];
      if (body.ids) {
        ids = [...new Set(body.ids)];
      } else {
        const filters = body.filter ?? {};
        const now = clock.now();
        ids = await keys.matchingIds(filters, BULK_MAX + 1, now);
        if (ids.length > BULK_MAX) {
          const total = await keys.count(filters, now);
          throw new UnprocessableError(tableMessages.bulkTooManyMatching(total, 'keys'));
        }
      }
      // One order for every bulk call: two concurrent ones lock shared rows in the same order
      // (PostgreSQL would otherwise deadlock them).
      ids.sort();
      const { action } = body;
      let count = 0;
      let skipped = 0;
      await withTransaction(db, async (trx) => {
        for (const id of ids) {
          const key = await keys.find({ id }, trx);
          if (!key) continue;
          if (action === 'delete') {
            if (!(await keys.delete(id, trx))) continue;
            await activity.record(trx, actor, {
              type: 'key.deleted',
              action: log.keyDeleted(key.key),
              target: `key:${id}`,
            });
          } else {
            if (key.status !== 'active' && key.status !== 'banned') {
              skipped += 1;
              continue;
            }
            if (!(await keys.ban(id, actor.userId, trx, ['active']))) continue;
            await activity.record(trx, actor, {
              type: 'key.banned',
              action: log.keyBanned(key.key),
              target: `key:${id}`,
            });
          }
          count += 1;
        }
      });
      return { message: tableMessages.keysDone(action, count, skipped), count, skipped };
    },

    /** Generates `quantity` new unused keys in one transaction. */
    async generate(body: GenerateKeysBody, actor: Actor): Promise<GenerateKeysResponse> {
      const created = await withTransaction(db, (trx) => this.generateIn(trx, body, actor));
      return { message: text.keysGenerated(created.length), keys: created };
    },

    /**
     * The admin's generation inside the caller's transaction (a storefront delivery records
     * itself in the same one): the keys and their activity line; returns the keys.
     */
    async generateIn(
      trx: Kysely<Database>,
      body: GenerateKeysBody,
      actor: Actor,
    ): Promise<string[]> {
      const product = await products.find(body.productId, trx);
      if (!product) throw new NotFoundError(text.productNotFound);
      assertProductEnabled(product);
      const days = body.days ?? PLAN_DURATION_DAYS[body.durationType ?? 'monthly'];
      const redeemBy = body.redeemBy === undefined ? null : endOfBrDay(body.redeemBy);
      if (redeemBy !== null && redeemBy <= clock.now())
        throw new BadRequestError(text.redeemByPast);
      const inserted = await issuer.issue(trx, {
        productId: product.id,
        days,
        quantity: body.quantity,
        createdBy: actor.userId,
        redeemBy,
      });
      await activity.record(trx, actor, {
        type: 'key.generated',
        action: log.keysGenerated(inserted.length, product.name),
        target: `product:${product.id}`,
      });
      return inserted;
    },

    async info(id: string): Promise<KeyInfo> {
      const row = await keys.findInfo(id);
      if (!row) throw new NotFoundError(text.keyNotFound);
      const fed = row.redeemed_by
        ? await subscriptions.findByUserProduct(row.redeemed_by, row.product_id)
        : undefined;
      const { client: _client, clientId: _clientId, ...listed } = toKeyRow(row, clock.now());
      return {
        ...listed,
        redeemBy: row.redeem_by === null ? null : new Date(row.redeem_by).toISOString(),
        createdBy: row.created_by_name,
        redeemedBy: row.redeemed_by_name,
        redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
        subscription: fed
          ? {
              id: fed.id,
              status: fed.status,
              expiresAt: new Date(effectiveExpiry(fed, clock.now())).toISOString(),
            }
          : null,
      };
    },

    /** Link User: redeems the key for the user exactly as a customer redemption would. */
    async link(id: string, userId: string, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const redeemed = await redemption.redeemKeyIn(
          trx,
          userId,
          { id },
          { via: 'admin', ip: actor.ip },
        );
        await activity.record(trx, actor, {
          type: 'key.linked',
          action: log.keyLinked(redeemed.key, redeemed.subscription.username),
          target: `key:${id}`,
        });
      });
      return { message: text.keyLinked };
    },

    /**
     * Reset Duration, ban or unban; only while the key is unused. An unused key past its
     * redeem-by date can still be banned or unbanned (it stays unredeemable either way), but its
     * duration is no longer changed: no one can redeem it. A ban records who made it; an admin
     * lifts any ban, anyone else only its own (403 KEY_BAN_NOT_YOURS), for the key menu and
     * the seller API alike.
     */
    async update(id: string, body: UpdateKeyBody, actor: KeyActor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const key = await keys.find({ id }, trx);
        if (!key) throw new NotFoundError(text.keyNotFound);
        const redeemByPassed =
          key.status !== 'used' && key.expires_at !== null && key.expires_at <= clock.now();
        if (body.days !== undefined && redeemByPassed) {
          throw new ConflictError(text.keyRedeemByPassed, 'KEY_REDEEM_BY_PASSED');
        }
        const status = body.status ?? 'active';
        const lifting = body.days === undefined && status === 'active';
        // Anyone but an admin lifts only the bans it made.
        const onlyBannedBy = actor.role === 'admin' ? undefined : actor.userId;
        const notTheirs = (row: { status: string; banned_by: string | null } | undefined) =>
          lifting &&
          onlyBannedBy !== undefined &&
          row?.status === 'banned' &&
          row.banned_by !== onlyBannedBy;
        if (notTheirs(key)) throw new ForbiddenError(text.keyBanNotYours, 'KEY_BAN_NOT_YOURS');
        const changed =
          body.days !== undefined
            ? await keys.setDuration(id, body.days, trx)
            : status === 'banned'
              ? await keys.ban(id, actor.userId, trx)
              : await keys.unban(id, { onlyBannedBy }, trx);
        if (!changed) {
          // A ban someone else made since the key was read holds.
          if (notTheirs(await keys.find({ id }, trx))) {
            throw new ForbiddenError(text.keyBanNotYours, 'KEY_BAN_NOT_YOURS');
          }
          throw new ConflictError(text.keyNotUnused, 'KEY_NOT_UNUSED');
        }
        await activity.record(trx, actor, {
          type:
            body.days !== undefined
              ? 'key.updated'
              : status === 'banned'
                ? 'key.banned'
                : 'key.unbanned',
          action:
            body.days !== undefined
              ? log.keyDaysReset(key.key, body.days)
              : status === 'banned'
                ? log.keyBanned(key.key)
                : log.keyUnbanned(key.key),
          target: `key:${id}`,
        });
      });
      return { message: text.keyUpdated };
    },

    async delete(id: string, actor: Actor): Promise<MessageResponse> {
      const key = await existingKey(id);
      await withTransaction(db, async (trx) => {
        await keys.delete(id, trx);
        await activity.record(trx, actor, {
          type: 'key.deleted',
          action: log.keyDeleted(key.key),
          target: `key:${id}`,
        });
      });
      return { message: text.keyDeleted };
    },
  };
}

function toKeyRow(row: KeyListRow, now: number) {
  return {
    id: row.id,
    key: row.key,
    product: row.product_name,
    productId: row.product_id,
    validity: row.duration_days,
    status: keyStatusAt(row, now),
    client: row.client,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
