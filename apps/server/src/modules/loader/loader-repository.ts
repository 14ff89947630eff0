import type {
  KeyStatus,
  ProductOperationalStatus,
  ProductStatus,
  SubscriptionStatus,
  UnknownLoaderPolicy,
  UserStatus,
} from '@chaveiro/contract';
import { blacklistedHwidForm } from '@chaveiro/contract';
import type { InferResult, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import type { ProductOperationalState } from './loader-availability.js';
import { compiledOnce } from '../../platform/db/compiled-once.js';

export interface LoaderKey {
  id: string;
  key: string;
  product_id: string;
  status: KeyStatus;
  redeemed_by: string | null;
  expires_at: number | null;
}

export interface LoaderProduct extends ProductOperationalState {
  id: string;
  name: string;
  status: ProductStatus;
  file_sha256: string | null;
  file_name: string | null;
  file_size: number | null;
  /** Hours an admitted loader may run offline (0: none). */
  offline_grace_hours: number;
  loader_min_version: string | null;
  unknown_loader_policy: UnknownLoaderPolicy;
  /** The product's current loader file (the self-update's), null when none. */
  loader_sha256: string | null;
  loader_name: string | null;
  loader_size: number | null;
  loader_version: string | null;
}

export interface LoaderSubscription {
  id: string;
  status: SubscriptionStatus;
  expires_at: number | null;
}

/** Everything a heartbeat re-checks, read in one statement. */
export interface SessionState {
  user_id: string;
  product_id: string;
  status: SubscriptionStatus;
  expires_at: number | null;
  username: string;
  user_status: UserStatus;
  token_version: number;
  email_verified_at: number | null;
  product_status: ProductStatus;
  product_operational_status: ProductOperationalStatus;
  product_status_note: string | null;
  product_freeze_time: number;
  product_status_since: number | string;
  file_sha256: string | null;
  file_name: string | null;
  file_size: number | null;
  /** Null once the machine was unbound (HWID reset). */
  machine_id: string | null;
  hwid: string | null;
  /** Epoch ms: the machine's sessions issued up to then are over (a security rule). */
  sessions_ended_at: number | string | null;
  /** The product's offline grace: a renewed session brings a fresh offline licence. */
  offline_grace_hours: number;
  /** 1: the product refuses plain downloads ("entrega protegida"). */
  protected_delivery: number;
}

function sessionStateSelect(db: Kysely<Database>, machineId: string, subscriptionId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('machines as m', (join) =>
      join.onRef('m.subscription_id', '=', 's.id').on('m.id', '=', machineId),
    )
    .select([
      's.user_id',
      's.product_id',
      's.status',
      's.expires_at',
      'u.username',
      'u.status as user_status',
      'u.token_version',
      'u.email_verified_at',
      'p.status as product_status',
      'p.operational_status as product_operational_status',
      'p.status_note as product_status_note',
      'p.freeze_time as product_freeze_time',
      'p.status_since as product_status_since',
      'p.file_sha256',
      'p.file_name',
      'p.file_size',
      'p.offline_grace_hours',
      'p.protected_delivery',
      'm.id as machine_id',
      'm.hwid',
      'm.sessions_ended_at',
    ])
    .where('s.id', '=', subscriptionId);
}
type SessionStateRow = InferResult<ReturnType<typeof sessionStateSelect>>[number];

/**
 * Reads of the loader API: keys, products, subscriptions and the session's state (binding
 * machines and writing their presence are the subscriptions module's).
 */
export function createLoaderRepository({ db, readNow }: Pick<AppContext, 'db' | 'readNow'>) {
  const sessionStateQuery = compiledOnce<'machine' | 'subscription', SessionStateRow>((slot) =>
    sessionStateSelect(db, slot('machine'), slot('subscription')),
  );
  return {
    findKey(key: string): Promise<LoaderKey | undefined> {
      return db
        .selectFrom('license_keys')
        .select(['id', 'key', 'product_id', 'status', 'redeemed_by', 'expires_at'])
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async findProduct(id: string): Promise<LoaderProduct | undefined> {
      const row = await db
        .selectFrom('products')
        .select([
          'id',
          'name',
          'status',
          'operational_status',
          'status_note',
          'freeze_time',
          'status_since',
          'file_sha256',
          'file_name',
          'file_size',
          'offline_grace_hours',
          'loader_min_version',
          'unknown_loader_policy',
          'loader_sha256',
          'loader_name',
          'loader_size',
          'loader_version',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          file_size: row.file_size === null ? null : Number(row.file_size),
          loader_size: row.loader_size === null ? null : Number(row.loader_size),
          offline_grace_hours: Number(row.offline_grace_hours),
        }
      );
    },

    findSubscription(userId: string, productId: string): Promise<LoaderSubscription | undefined> {
      return db
        .selectFrom('subscriptions')
        .select(['id', 'status', 'expires_at'])
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    /**
     * Whether the product's HWID blacklist holds `hwid`, in any case and spacing around it
     * (one primary-key read).
     */
    async isHwidBlacklisted(productId: string, hwid: string): Promise<boolean> {
      const row = await db
        .selectFrom('hwid_blacklist')
        .select('hwid')
        .where('product_id', '=', productId)
        .where('hwid', '=', blacklistedHwidForm(hwid))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * One statement over primary keys: the subscription, its user, product and the machine.
     * The heartbeat's query, compiled once (only its parameters change from call to call) and
     * read at once: no query builder or connection queue on the loader's hottest path.
     */
    async sessionState(
      machineId: string,
      subscriptionId: string,
    ): Promise<SessionState | undefined> {
      const rows = await readNow(
        sessionStateQuery({ machine: machineId, subscription: subscriptionId }),
      );
      const row = rows[0];
      return row && { ...row, file_size: row.file_size === null ? null : Number(row.file_size) };
    },
  };
}

export type LoaderRepository = ReturnType<typeof createLoaderRepository>;
