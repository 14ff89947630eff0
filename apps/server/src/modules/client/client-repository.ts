import type {
  PausedBy,
  ProductOperationalStatus,
  ProductStatus,
  UserStatus,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../platform/core/ids.js';

export interface OwnSubscriptionRow {
  id: string;
  product_id: string;
  product_name: string;
  status: 'active' | 'paused';
  expires_at: number | null;
  paused_remaining_ms: number | null;
  paused_by: PausedBy | null;
  max_devices: number;
  pause_credits: number;
  hwid_reset_credits: number;
  /** The latest access of machines since unbound. */
  last_seen_at: number | null;
  free_release_at: number | null;
  /** What the product's latest freeze gave back to it, and when (null: never). */
  given_back_ms: number;
  given_back_at: number | null;
  created_at: number;
  /** What decides whether the loader may be used and downloaded (the loader's availability). */
  user_status: UserStatus;
  email_verified_at: number | null;
  product_status: ProductStatus;
  product_operational_status: ProductOperationalStatus;
  product_status_note: string | null;
  product_freeze_time: number;
  product_status_since: number | string;
  /** The product's loader file (null columns when it has none). */
  loader_sha256: string | null;
  loader_name: string | null;
  loader_size: number | null;
  loader_version: string | null;
  loader_notes: string | null;
  loader_uploaded_at: number | null;
}

export interface MachineRow {
  id: string;
  subscription_id: string;
  hwid: string;
  first_seen_at: number;
  last_seen_at: number;
  /** The IP of the last heartbeat or sign-in (the admin's customer page shows it). */
  last_ip: string | null;
}

/** The customer's own subscriptions, machines, redemptions and loyalty figures. */
export function createClientRepository(db: Kysely<Database>) {
  const ownSubscriptions = (executor: Kysely<Database>, userId: string) =>
    executor
      .selectFrom('subscriptions')
      .innerJoin('products', 'products.id', 'subscriptions.product_id')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .select([
        'subscriptions.id',
        'subscriptions.product_id',
        'products.name as product_name',
        'subscriptions.status',
        'subscriptions.expires_at',
        'subscriptions.paused_remaining_ms',
        'subscriptions.paused_by',
        'subscriptions.max_devices',
        'subscriptions.pause_credits',
        'subscriptions.hwid_reset_credits',
        'subscriptions.last_seen_at',
        'subscriptions.free_release_at',
        'subscriptions.given_back_ms',
        'subscriptions.given_back_at',
        'subscriptions.created_at',
        'users.status as user_status',
        'users.email_verified_at',
        'products.status as product_status',
        'products.operational_status as product_operational_status',
        'products.status_note as product_status_note',
        'products.freeze_time as product_freeze_time',
        'products.status_since as product_status_since',
        'products.loader_sha256',
        'products.loader_name',
        'products.loader_size',
        'products.loader_version',
        'products.loader_notes',
        'products.loader_uploaded_at',
      ])
      .where('subscriptions.user_id', '=', userId);

  return {
    listSubscriptions(userId: string): Promise<OwnSubscriptionRow[]> {
      return ownSubscriptions(db, userId)
        .orderBy('subscriptions.created_at')
        .orderBy('subscriptions.id')
        .execute();
    },

    findSubscription(
      userId: string,
      subscriptionId: string,
      executor: Kysely<Database> = db,
    ): Promise<OwnSubscriptionRow | undefined> {
      return ownSubscriptions(executor, userId)
        .where('subscriptions.id', '=', subscriptionId)
        .executeTakeFirst();
    },

    /** Logs a download of a loader file (the admin's products list counts them). */
    async logLoaderDownload(download: {
      userId: string;
      subscriptionId: string;
      productId: string;
      sha256: string;
      version: string;
      ip: string;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('loader_downloads')
        .values({
          id: newId(),
          user_id: download.userId,
          subscription_id: download.subscriptionId,
          product_id: download.productId,
          sha256: download.sha256,
          version: download.version,
          ip: download.ip,
          created_at: download.now,
        })
        .execute();
    },

    /** Machines bound to any of the user's subscriptions, most recently seen first. */
    listMachines(userId: string): Promise<MachineRow[]> {
      return db
        .selectFrom('machines')
        .innerJoin('subscriptions', 'subscriptions.id', 'machines.subscription_id')
        .select([
          'machines.id',
          'machines.subscription_id',
          'machines.hwid',
          'machines.first_seen_at',
          'machines.last_seen_at',
          'machines.last_ip',
        ])
        .where('subscriptions.user_id', '=', userId)
        .orderBy('machines.last_seen_at', 'desc')
        .orderBy('machines.id')
        .execute();
    },

    /** Keys the user redeemed, newest first, with the subscription each one fed. */
    redeemHistory(userId: string, limit: number) {
      return db
        .selectFrom('license_keys')
        .innerJoin('products', 'products.id', 'license_keys.product_id')
        .leftJoin('subscriptions', (join) =>
          join
            .onRef('subscriptions.product_id', '=', 'license_keys.product_id')
            .onRef('subscriptions.user_id', '=', 'license_keys.redeemed_by'),
        )
        .select([
          'license_keys.id',
          'license_keys.key',
          'license_keys.redeemed_at',
          'products.name as product_name',
          'subscriptions.status',
          'subscriptions.expires_at',
          'subscriptions.paused_remaining_ms',
        ])
        .where('license_keys.redeemed_by', '=', userId)
        .orderBy('license_keys.redeemed_at', 'desc')
        .orderBy('license_keys.id', 'desc')
        .limit(limit)
        .execute();
    },

    async loyalty(userId: string) {
      return db
        .selectFrom('users')
        .select(['balance_cents', 'xp', 'daily_bonus_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type ClientRepository = ReturnType<typeof createClientRepository>;
