import type {
  PlanDurationType,
  ProductOperationalStatus,
  ProductProtection,
  ProductStatus,
} from '@chaveiro/contract';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable } from '../../db/schema.js';
import { newId } from '../../platform/core/ids.js';
import type { CountCache, GroupCountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted } from '../../platform/state/count-cache.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { createProductStatusPeriodsRepository } from './product-status-periods-repository.js';

/** A product's row (but its timestamps) with its plans. */
export interface ProductRecord extends Omit<
  Selectable<ProductsTable>,
  'created_at' | 'updated_at'
> {
  /** Downloads of its loader file by subscribers, every version together. */
  loader_downloads: number;
  /** Price in cents per duration type that has a plan. */
  plans: Partial<Record<PlanDurationType, number>>;
  /** The admin's reseller price in cents, for the plans that have one. */
  resellerPlans: Partial<Record<PlanDurationType, number>>;
}

export interface ProductFields {
  name: string;
  description: string;
  plans: Partial<Record<PlanDurationType, number>>;
  /** Only for duration types that have a plan (the contract refuses the others). */
  resellerPlans: Partial<Record<PlanDurationType, number>>;
}

const productColumns = [
  'id',
  'name',
  'description',
  'status',
  'file_sha256',
  'file_name',
  'file_size',
  'file_uploaded_at',
  'loader_sha256',
  'loader_name',
  'loader_size',
  'loader_version',
  'loader_notes',
  'loader_uploaded_at',
  'operational_status',
  'status_note',
  'freeze_time',
  'sell_while_down',
  'status_since',
  'protected_delivery',
  'offline_grace_hours',
  'loader_min_version',
  'unknown_loader_policy',
  'security_rules',
] as const;

/** How many times subscribers downloaded the product's loader file (indexed by product). */
function loaderDownloads(eb: ExpressionBuilder<Database, 'products'>) {
  return eb
    .selectFrom('loader_downloads')
    .select((sub) => sub.fn.countAll().as('count'))
    .whereRef('loader_downloads.product_id', '=', 'products.id')
    .as('loader_downloads');
}

/**
 * Subscriptions or unused keys of the product exist: the delete rule of the service (409
 * unless cascading), as one indexed EXISTS each so the list stays cheap with a million keys.
 */
function inUse(eb: ExpressionBuilder<Database, 'products'>) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('subscriptions')
        .select('subscriptions.id')
        .whereRef('subscriptions.product_id', '=', 'products.id'),
    ),
    eb.exists(
      eb
        .selectFrom('license_keys')
        .select('license_keys.id')
        .whereRef('license_keys.product_id', '=', 'products.id')
        .where('license_keys.status', '=', 'active'),
    ),
  ]);
}

/** Queries on `products` and their `plans`. */
export function createProductsRepository(
  db: Kysely<Database>,
  /** The licence-key list totals: deleting a product cascades into its keys. */
  keyTotals: CountCache,
  dialect: SqlDialect,
  /** Platform.subscriptionCounts: deleting a product cascades into its subscriptions. */
  subscriptionCounts: Pick<GroupCountCache, 'clear'>,
) {
  const periods = createProductStatusPeriodsRepository(db);
  async function withPlans<
    T extends Omit<ProductRecord, 'plans' | 'resellerPlans' | 'loader_downloads'> & {
      loader_downloads: unknown;
    },
  >(
    products: T[],
    executor: Kysely<Database>,
  ): Promise<
    (Omit<T, 'loader_downloads'> &
      Pick<ProductRecord, 'plans' | 'resellerPlans' | 'loader_downloads'>)[]
  > {
    if (products.length === 0) return [];
    const plans = await executor
      .selectFrom('plans')
      .select(['product_id', 'duration_type', 'price_cents', 'reseller_price_cents'])
      .where(
        'product_id',
        'in',
        products.map((product) => product.id),
      )
      .execute();
    return products.map((product) => {
      const own = plans.filter((plan) => plan.product_id === product.id);
      return {
        ...product,
        loader_downloads: Number(product.loader_downloads ?? 0),
        plans: Object.fromEntries(
          own.map((plan) => [plan.duration_type, Number(plan.price_cents)]),
        ),
        resellerPlans: Object.fromEntries(
          own.flatMap((plan) =>
            plan.reseller_price_cents === null
              ? []
              : [[plan.duration_type, Number(plan.reseller_price_cents)]],
          ),
        ),
      };
    });
  }

  async function insertPlans(
    productId: string,
    { plans, resellerPlans }: Pick<ProductFields, 'plans' | 'resellerPlans'>,
    executor: Kysely<Database>,
  ) {
    const rows = Object.entries(plans).map(([durationType, priceCents]) => ({
      id: newId(),
      product_id: productId,
      duration_type: durationType as PlanDurationType,
      price_cents: priceCents,
      reseller_price_cents: resellerPlans[durationType as PlanDurationType] ?? null,
    }));
    if (rows.length > 0) await executor.insertInto('plans').values(rows).execute();
  }

  return {
    /** Active products that have at least one plan, alphabetical, at most `limit` (shop, resellers). */
    async sellable(limit: number): Promise<ProductRecord[]> {
      const products = await db
        .selectFrom('products')
        .select(productColumns)
        .select(loaderDownloads)
        .where('status', '=', 'active')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('plans')
              .select('plans.id')
              .whereRef('plans.product_id', '=', 'products.id'),
          ),
        )
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute();
      return withPlans(products, db);
    },

    /**
     * Alphabetical, at most `limit`, each saying whether subscriptions or unused keys still
     * point to it (then it cannot be deleted on its own).
     */
    async list(limit: number): Promise<(ProductRecord & { in_use: boolean })[]> {
      const products = await db
        .selectFrom('products')
        .select(productColumns)
        .select(loaderDownloads)
        .select((eb) => inUse(eb).as('in_use'))
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute();
      return (await withPlans(products, db)).map((product) => ({
        ...product,
        in_use: Boolean(Number(product.in_use)),
      }));
    },

    /** Whether subscriptions or unused keys still point to the product. */
    async isInUse(id: string, executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor
        .selectFrom('products')
        .select((eb) => inUse(eb).as('in_use'))
        .where('id', '=', id)
        .executeTakeFirst();
      return Boolean(Number(row?.in_use ?? 0));
    },

    async find(id: string, executor: Kysely<Database> = db): Promise<ProductRecord | undefined> {
      const product = await executor
        .selectFrom('products')
        .select(productColumns)
        .select(loaderDownloads)
        .where('id', '=', id)
        .executeTakeFirst();
      return product && (await withPlans([product], executor))[0];
    },

    async insert(
      id: string,
      fields: ProductFields,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .insertInto('products')
        .values({
          id,
          name: fields.name,
          description: fields.description,
          status: 'active',
          file_sha256: null,
          file_name: null,
          file_size: null,
          file_uploaded_at: null,
          status_since: now,
          // New products deliver their file sealed to each loader session (existing ones kept
          // the plain download when protected delivery came).
          protected_delivery: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await insertPlans(id, fields, executor);
      await periods.open(
        {
          productId: id,
          status: 'operational',
          note: null,
          freezeTime: true,
          startedAt: now,
          changedBy: null,
          reason: null,
        },
        executor,
      );
    },

    /**
     * The product's operational state, its row locked FOR UPDATE on PostgreSQL: two changes of
     * its status take turns, and grants and resumes reading it FOR SHARE wait for the change.
     */
    async lockOperational(id: string, executor: Kysely<Database>) {
      let query = executor
        .selectFrom('products')
        .select([
          'id',
          'name',
          'operational_status',
          'status_note',
          'freeze_time',
          'sell_while_down',
          'status_since',
        ])
        .where('id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async setOperational(
      id: string,
      state: {
        status: ProductOperationalStatus;
        note: string | null;
        freezeTime: boolean;
        sellWhileDown: boolean;
        since: number;
      },
      now: number,
      executor: Kysely<Database>,
    ): Promise<void> {
      await executor
        .updateTable('products')
        .set({
          operational_status: state.status,
          status_note: state.note,
          freeze_time: state.freezeTime ? 1 : 0,
          sell_while_down: state.sellWhileDown ? 1 : 0,
          status_since: state.since,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Saves the product's protection settings ("Proteção"). */
    async setProtection(
      id: string,
      protection: ProductProtection,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('products')
        .set({
          protected_delivery: protection.protectedDelivery ? 1 : 0,
          offline_grace_hours: protection.offlineGraceHours,
          loader_min_version: protection.loaderMinVersion,
          unknown_loader_policy: protection.unknownLoaderPolicy,
          security_rules: JSON.stringify(protection.securityRules),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Replaces name, description and the whole plan set. */
    async update(
      id: string,
      fields: ProductFields,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('products')
        .set({ name: fields.name, description: fields.description, updated_at: now })
        .where('id', '=', id)
        .execute();
      await executor.deleteFrom('plans').where('product_id', '=', id).execute();
      await insertPlans(id, fields, executor);
    },

    async setStatus(id: string, status: ProductStatus, now: number, executor = db) {
      await executor
        .updateTable('products')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async setFile(
      id: string,
      file: { sha256: string; name: string; size: number },
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('products')
        .set({
          file_sha256: file.sha256,
          file_name: file.name,
          file_size: file.size,
          file_uploaded_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Points the product at a new loader file with its version and release notes. */
    async setLoader(
      id: string,
      loader: { sha256: string; name: string; size: number; version: string; notes: string },
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('products')
        .set({
          loader_sha256: loader.sha256,
          loader_name: loader.name,
          loader_size: loader.size,
          loader_version: loader.version,
          loader_notes: loader.notes,
          loader_uploaded_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The product offers no loader file any more (its download log stays). */
    async clearLoader(id: string, now: number, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('products')
        .set({
          loader_sha256: null,
          loader_name: null,
          loader_size: null,
          loader_version: null,
          loader_notes: null,
          loader_uploaded_at: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** How many subscriptions and unused keys still point to the product. */
    async references(
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<{ subscriptions: number; unusedKeys: number }> {
      const row = await executor
        .selectNoFrom((eb) => [
          eb
            .selectFrom('subscriptions')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('product_id', '=', id)
            .as('subscriptions'),
          eb
            .selectFrom('license_keys')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('product_id', '=', id)
            .where('status', '=', 'active')
            .as('unusedKeys'),
        ])
        .executeTakeFirstOrThrow();
      return { subscriptions: Number(row.subscriptions), unusedKeys: Number(row.unusedKeys) };
    },

    /** Deletes the product; its plans, keys and subscriptions go with it (ON DELETE CASCADE). */
    async delete(id: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('products').where('id', '=', id).execute();
      clearWhenCommitted(keyTotals, executor);
      clearWhenCommitted(subscriptionCounts, executor);
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
