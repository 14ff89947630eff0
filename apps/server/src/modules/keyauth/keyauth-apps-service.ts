import { randomBytes } from 'node:crypto';
import type {
  HwidBlacklistEntry,
  HwidBlacklistInput,
  HwidBlacklistPage,
  HwidBlacklistQuery,
  HwidBlacklistSavedResponse,
  KeyAuthSavedResponse,
  KeyAuthSettings,
  KeyAuthSettingsInput,
  MessageResponse,
  ProductVariable,
  ProductVariableSavedResponse,
  ProductVariablesResponse,
} from '@chaveiro/contract';
import {
  KEYAUTH_LIMITS,
  KEYAUTH_NOT_CONFIGURED,
  keyAuthAppMessages as text,
  messages,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/http/error-handler.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import type { ActivityService } from '../activity/index.js';
import type {
  HwidBlacklistRow,
  KeyAuthAppFields,
  KeyAuthAppRow,
  KeyAuthAppsRepository,
  ProductVariableRow,
} from './keyauth-apps-repository.js';

const OWNER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const OWNER_ID_LENGTH = 10;

/**
 * A new KeyAuth ownerid: 10 characters of [A-Za-z0-9] from the CSPRNG. Bytes at or above the
 * largest multiple of 62 that fits a byte are dropped, so every character is equally likely.
 */
export function newOwnerId(): string {
  const acceptBelow = 256 - (256 % OWNER_ID_ALPHABET.length);
  let out = '';
  while (out.length < OWNER_ID_LENGTH) {
    for (const byte of randomBytes(OWNER_ID_LENGTH * 2)) {
      if (byte < acceptBelow) out += OWNER_ID_ALPHABET[byte % OWNER_ID_ALPHABET.length];
      if (out.length === OWNER_ID_LENGTH) break;
    }
  }
  return out;
}

/** A new app secret: 32 random bytes as 64 lowercase hex characters, like KeyAuth's. */
export function newAppSecret(): string {
  return randomBytes(32).toString('hex');
}

export interface KeyAuthAppsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: KeyAuthAppsRepository;
  activity: ActivityService;
  /** PUBLIC_URL, without a trailing slash: the API URLs the seller pastes start with it. */
  publicUrl: string;
  /** The loader signing key (base64 of the raw Ed25519 public key): 1.3 answers carry it. */
  signer: { readonly current: { readonly publicKey: string } };
}

/**
 * The admin's KeyAuth compatibility of a product: the app settings its loaders
 * connect with, the variables `var` serves and the HWIDs it refuses. Every change writes its
 * audit line in its own transaction.
 */
export function createKeyAuthAppsService({
  db,
  clock,
  repository,
  activity,
  publicUrl,
  signer,
}: KeyAuthAppsServiceDeps) {
  function toSettings(row: KeyAuthAppRow): KeyAuthSettings {
    return {
      enabled: Number(row.enabled) === 1,
      name: row.name,
      ownerId: row.owner_id,
      secret: row.secret,
      version: row.version,
      downloadUrl: row.download_url,
      apiUrl: `${publicUrl}/api/1.3/`,
      apiUrlLegacy: `${publicUrl}/api/1.2/`,
      publicKey: Buffer.from(signer.current.publicKey, 'base64').toString('hex'),
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
    };
  }

  async function lockedProduct(productId: string, trx: Kysely<Database>): Promise<string> {
    const product = await repository.lockProduct(productId, trx);
    if (!product) throw new NotFoundError(messages.admin.productNotFound);
    return product.name;
  }

  async function productName(productId: string): Promise<string> {
    const name = await repository.productName(productId);
    if (name === undefined) throw new NotFoundError(messages.admin.productNotFound);
    return name;
  }

  function appTaken(): ConflictError {
    return new ConflictError(text.appTaken, 'KEYAUTH_APP_TAKEN');
  }

  /** Runs a write, answering a unique (ownerid, name) race as the service's own check does. */
  async function guardAppUniqueness<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw appTaken();
      throw error;
    }
  }

  return {
    async get(productId: string): Promise<KeyAuthSettings> {
      await productName(productId);
      const app = await repository.findApp(productId);
      if (!app) throw new NotFoundError(text.notConfigured, KEYAUTH_NOT_CONFIGURED);
      return toSettings(app);
    },

    /**
     * Creates or replaces the settings. An Owner ID or secret left out is generated on the first
     * save and kept afterwards, so saving the same body twice changes nothing.
     */
    async save(
      productId: string,
      input: KeyAuthSettingsInput,
      actor: Actor,
    ): Promise<KeyAuthSavedResponse> {
      const row = await guardAppUniqueness(() =>
        withTransaction(db, async (trx) => {
          const product = await lockedProduct(productId, trx);
          const before = await repository.findApp(productId, trx);
          const fields: KeyAuthAppFields = {
            enabled: input.enabled,
            name: input.name,
            ownerId: input.ownerId ?? before?.owner_id ?? newOwnerId(),
            secret: input.secret ?? before?.secret ?? newAppSecret(),
            version: input.version,
            downloadUrl: input.downloadUrl ?? null,
          };
          if (await repository.appUsing(fields.ownerId, fields.name, productId, trx)) {
            throw appTaken();
          }
          if (before && unchanged(before, fields)) return before;
          await repository.upsertApp(productId, fields, clock.now(), trx);
          await activity.record(trx, actor, {
            type: 'product.keyauth_changed',
            action: settingsLogLine(product, fields, before),
            target: `product:${productId}`,
          });
          const saved = await repository.findApp(productId, trx);
          if (!saved) throw new Error('KeyAuth app missing right after saving it');
          return saved;
        }),
      );
      return { message: text.saved, ...toSettings(row) };
    },

    /** A new app secret: loaders built with the old one fail 1.2's signature check at once. */
    async rotateSecret(productId: string, actor: Actor): Promise<KeyAuthSavedResponse> {
      const row = await withTransaction(db, async (trx) => {
        const product = await lockedProduct(productId, trx);
        if (!(await repository.findApp(productId, trx))) {
          throw new NotFoundError(text.notConfigured, KEYAUTH_NOT_CONFIGURED);
        }
        await repository.setSecret(productId, newAppSecret(), clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'product.keyauth_secret_rotated',
          action: text.log.secretRotated(product),
          target: `product:${productId}`,
        });
        const saved = await repository.findApp(productId, trx);
        if (!saved) throw new Error('KeyAuth app missing right after rotating its secret');
        return saved;
      });
      return { message: text.secretRotated, ...toSettings(row) };
    },

    async variables(productId: string): Promise<ProductVariablesResponse> {
      await productName(productId);
      const rows = await repository.listVariables(productId, KEYAUTH_LIMITS.variablesPerProduct);
      return { items: rows.map(toVariable), limit: KEYAUTH_LIMITS.variablesPerProduct };
    },

    /**
     * Creates or replaces a variable; `created` tells which. A product holds at most
     * `variablesPerProduct` of them: creating one more is refused, replacing one never is.
     */
    async saveVariable(
      productId: string,
      name: string,
      value: string,
      actor: Actor,
    ): Promise<{ created: boolean; response: ProductVariableSavedResponse }> {
      return withTransaction(db, async (trx) => {
        const product = await lockedProduct(productId, trx);
        const before = await repository.findVariable(productId, name, trx);
        if (before && before.value === value) {
          return {
            created: false,
            response: { message: text.variableSaved, variable: toVariable(before) },
          };
        }
        if (
          !before &&
          (await repository.countVariables(productId, trx)) >= KEYAUTH_LIMITS.variablesPerProduct
        ) {
          throw new UnprocessableError(text.variablesLimit, 'KEYAUTH_VARIABLES_LIMIT');
        }
        await repository.saveVariable(productId, name, value, clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'product.variable_saved',
          action: text.log.variableSet(product, name),
          target: `product:${productId}`,
        });
        const saved = await repository.findVariable(productId, name, trx);
        if (!saved) throw new Error('Variable missing right after saving it');
        return {
          created: !before,
          response: {
            message: before ? text.variableSaved : text.variableCreated,
            variable: toVariable(saved),
          },
        };
      });
    },

    async deleteVariable(productId: string, name: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const product = await lockedProduct(productId, trx);
        if (!(await repository.deleteVariable(productId, name, trx))) {
          throw new NotFoundError(text.variableNotFound);
        }
        await activity.record(trx, actor, {
          type: 'product.variable_deleted',
          action: text.log.variableDeleted(product, name),
          target: `product:${productId}`,
        });
      });
      return { message: text.variableDeleted };
    },

    async blacklist(productId: string, query: HwidBlacklistQuery): Promise<HwidBlacklistPage> {
      await productName(productId);
      const { rows, total } = await repository.blacklistPage(
        productId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
    },

    async block(
      productId: string,
      input: HwidBlacklistInput,
      actor: Actor,
    ): Promise<HwidBlacklistSavedResponse> {
      const row = await withTransaction(db, async (trx) => {
        const product = await lockedProduct(productId, trx);
        const added = await repository.blacklistHwid(
          { productId, hwid: input.hwid, reason: input.reason, now: clock.now() },
          trx,
        );
        if (!added) throw new ConflictError(text.hwidAlreadyBlocked, 'HWID_ALREADY_BLOCKED');
        await activity.record(trx, actor, {
          type: 'product.hwid_blocked',
          action: text.log.hwidBlocked(product, input.hwid),
          target: `product:${productId}`,
        });
        const saved = await repository.findBlacklisted(productId, input.hwid, trx);
        if (!saved) throw new Error('Blacklist entry missing right after adding it');
        return saved;
      });
      return { message: text.hwidBlocked, entry: toEntry(row) };
    },

    async unblock(productId: string, hwid: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const product = await lockedProduct(productId, trx);
        if (!(await repository.unblacklistHwid(productId, hwid, trx))) {
          throw new NotFoundError(text.hwidNotBlocked);
        }
        await activity.record(trx, actor, {
          type: 'product.hwid_unblocked',
          action: text.log.hwidUnblocked(product, hwid),
          target: `product:${productId}`,
        });
      });
      return { message: text.hwidUnblocked };
    },
  };
}

function unchanged(row: KeyAuthAppRow, fields: KeyAuthAppFields): boolean {
  return (
    (Number(row.enabled) === 1) === fields.enabled &&
    row.name === fields.name &&
    row.owner_id === fields.ownerId &&
    row.secret === fields.secret &&
    row.version === fields.version &&
    row.download_url === fields.downloadUrl
  );
}

/** Switched on, switched off, or changed while staying as it was. */
function settingsLogLine(
  product: string,
  fields: KeyAuthAppFields,
  before: KeyAuthAppRow | undefined,
): string {
  const wasEnabled = before !== undefined && Number(before.enabled) === 1;
  if (fields.enabled && !wasEnabled) return text.log.enabled(product, fields.name);
  if (!fields.enabled && wasEnabled) return text.log.disabled(product, fields.name);
  return text.log.changed(product, fields.name);
}

function toVariable(row: ProductVariableRow): ProductVariable {
  return {
    name: row.name,
    value: row.value,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

function toEntry(row: HwidBlacklistRow): HwidBlacklistEntry {
  return {
    hwid: row.hwid,
    reason: row.reason,
    userId: row.user_id,
    username: row.username,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

export type KeyAuthAppsService = ReturnType<typeof createKeyAuthAppsService>;
