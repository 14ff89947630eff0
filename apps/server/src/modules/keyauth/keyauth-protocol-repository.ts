import type { ProductStatus } from '@chaveiro/contract';
import type { Kysely, Selectable } from 'kysely';
import type { CredentialReach, Database, KeyAuthSessionsTable } from '../../db/schema.js';
import type { ProductOperationalState } from '../loader/index.js';
import { insertBlacklistedHwid } from './keyauth-apps-repository.js';

/** A product answering KeyAuth's protocol, as a loader's `ownerid` and `name` find it. */
export interface KeyAuthApp {
  productId: string;
  productName: string;
  productStatus: ProductStatus;
  /** The product's operational status: KeyAuth's "paused application" while not operational. */
  productOperational: ProductOperationalState;
  name: string;
  ownerId: string;
  secret: string;
  version: string;
  downloadUrl: string | null;
}

export type KeyAuthSessionRow = Selectable<KeyAuthSessionsTable>;

/** What a login writes into its session. */
export interface SessionValidation {
  userId: string;
  subscriptionId: string;
  machineId: string;
  tokenVersion: number;
  /** How the login opened the account: what the session may change on it. */
  reach: CredentialReach;
  validatedAt: number;
  expiresAt: number;
}

/** The counts of KeyAuth's `appinfo`. */
export interface KeyAuthStats {
  numUsers: number;
  numKeys: number;
  numOnlineUsers: number;
}

/** Queries of the KeyAuth-compatible loader API: apps, sessions, variables, stats, blacklist. */
export function createKeyAuthProtocolRepository(db: Kysely<Database>) {
  /** Accounts with a machine of the product seen since `since`, by username. */
  function onlineAccounts(productId: string, since: number) {
    return db
      .selectFrom('machines as m')
      .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .where('s.product_id', '=', productId)
      .where('m.last_seen_at', '>=', since);
  }

  return {
    /** The enabled app a loader names, with its product. */
    async findApp(ownerId: string, name: string): Promise<KeyAuthApp | undefined> {
      const row = await db
        .selectFrom('keyauth_apps as a')
        .innerJoin('products as p', 'p.id', 'a.product_id')
        .select([
          'a.product_id',
          'p.name as product_name',
          'p.status as product_status',
          'p.operational_status',
          'p.status_note',
          'p.freeze_time',
          'p.status_since',
          'a.name',
          'a.owner_id',
          'a.secret',
          'a.version',
          'a.download_url',
        ])
        .where('a.owner_id', '=', ownerId)
        .where('a.name', '=', name)
        .where('a.enabled', '=', 1)
        .executeTakeFirst();
      return (
        row && {
          productId: row.product_id,
          productName: row.product_name,
          productStatus: row.product_status,
          productOperational: {
            operational_status: row.operational_status,
            status_note: row.status_note,
            freeze_time: row.freeze_time,
            status_since: row.status_since,
          },
          name: row.name,
          ownerId: row.owner_id,
          secret: row.secret,
          version: row.version,
          downloadUrl: row.download_url,
        }
      );
    },

    async insertSession(session: {
      id: string;
      productId: string;
      enckey: string | null;
      ip: string;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db
        .insertInto('keyauth_sessions')
        .values({
          id: session.id,
          product_id: session.productId,
          enckey: session.enckey,
          ip: session.ip,
          user_id: null,
          subscription_id: null,
          machine_id: null,
          token_version: null,
          reach: null,
          validated_at: null,
          created_at: session.now,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /** The product's session `id`, unless it expired. */
    findSession(
      id: string,
      productId: string,
      now: number,
    ): Promise<KeyAuthSessionRow | undefined> {
      return db
        .selectFrom('keyauth_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('product_id', '=', productId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async validateSession(id: string, validation: SessionValidation): Promise<void> {
      await db
        .updateTable('keyauth_sessions')
        .set({
          user_id: validation.userId,
          subscription_id: validation.subscriptionId,
          machine_id: validation.machineId,
          token_version: validation.tokenVersion,
          reach: validation.reach,
          validated_at: validation.validatedAt,
          expires_at: validation.expiresAt,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Pushes the session's end back (a `check` keeps it alive). */
    async extendSession(id: string, expiresAt: number): Promise<void> {
      await db
        .updateTable('keyauth_sessions')
        .set({ expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('keyauth_sessions').where('id', '=', id).execute();
    },

    /** Deletes sessions expired before `now`; how many. */
    async purgeExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('keyauth_sessions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Whether a licence key has exactly this value (any product, any status). */
    async keyExists(key: string): Promise<boolean> {
      const row = await db
        .selectFrom('license_keys')
        .select('id')
        .where('key', '=', key)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findVariable(productId: string, name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('product_variables')
        .select('value')
        .where('product_id', '=', productId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value;
    },

    /**
     * Accounts with a subscription of the product, its keys, and accounts seen online since
     * `onlineSince` (a machine's heartbeat or `check`, as 'Usuários Online' counts them).
     */
    async stats(productId: string, onlineSince: number): Promise<KeyAuthStats> {
      const [users, keys, online] = await Promise.all([
        db
          .selectFrom('subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('license_keys')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow(),
        onlineAccounts(productId, onlineSince)
          .select((eb) => eb.fn.count<number>('u.id').distinct().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        numUsers: Number(users.count),
        numKeys: Number(keys.count),
        numOnlineUsers: Number(online.count),
      };
    },

    /**
     * The accounts seen online since `since`, alphabetically, at most `limit`: each username, and
     * whether it is a licence key's value (an account a `license` made, or KeyAuth's own license
     * users, imported): such a name is a credential.
     */
    async onlineUsernames(
      productId: string,
      since: number,
      limit: number,
    ): Promise<{ username: string; namedByKey: boolean }[]> {
      const rows = await onlineAccounts(productId, since)
        .select((eb) => [
          'u.username',
          eb
            .exists(
              eb
                .selectFrom('license_keys as k')
                .select('k.id')
                .whereRef('k.key', '=', 'u.username'),
            )
            .as('named_by_key'),
        ])
        .distinct()
        .orderBy('u.username')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        username: row.username,
        namedByKey: Boolean(Number(row.named_by_key)),
      }));
    },

    /** Adds the HWID to the product's blacklist (kept as it was when already there). */
    async blacklist(
      entry: { productId: string; hwid: string; reason: string; userId: string; now: number },
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await insertBlacklistedHwid(executor, entry);
    },

    /** Ends every KeyAuth session of the account (a ban, a username change). */
    async deleteSessionsOf(userId: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('keyauth_sessions').where('user_id', '=', userId).execute();
    },
  };
}

export type KeyAuthProtocolRepository = ReturnType<typeof createKeyAuthProtocolRepository>;
