import { blacklistedHwidForm } from '@chaveiro/contract';
import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  HwidBlacklistTable,
  KeyAuthAppsTable,
  ProductVariablesTable,
} from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';

export type KeyAuthAppRow = Selectable<KeyAuthAppsTable>;
export type ProductVariableRow = Selectable<ProductVariablesTable>;
export type HwidBlacklistRow = Selectable<HwidBlacklistTable> & {
  /** The banned account's username (KeyAuth's `ban`); null when none or deleted. */
  username: string | null;
};

export interface KeyAuthAppFields {
  enabled: boolean;
  name: string;
  ownerId: string;
  secret: string;
  version: string;
  downloadUrl: string | null;
}

/** The admin's KeyAuth settings, variables and HWID blacklist of products. */
export function createKeyAuthAppsRepository(db: Kysely<Database>, dialect: SqlDialect) {
  return {
    async productName(productId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('products')
        .select('name')
        .where('id', '=', productId)
        .executeTakeFirst();
      return row?.name;
    },

    /**
     * The product's name, or undefined when it does not exist. In a transaction on PostgreSQL
     * the row stays locked until the end, so two writers of one product's variables or settings
     * run one after the other (SQLite's write transactions already do).
     */
    async lockProduct(
      productId: string,
      executor: Kysely<Database> = db,
    ): Promise<{ name: string } | undefined> {
      let query = executor.selectFrom('products').select('name').where('id', '=', productId);
      if (dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    findApp(productId: string, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('keyauth_apps')
        .selectAll()
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    /** The product other than `productId` whose app answers to (ownerId, name), if any. */
    async appUsing(
      ownerId: string,
      name: string,
      productId: string,
      executor: Kysely<Database> = db,
    ): Promise<string | undefined> {
      const row = await executor
        .selectFrom('keyauth_apps')
        .select('product_id')
        .where('owner_id', '=', ownerId)
        .where('name', '=', name)
        .where('product_id', '<>', productId)
        .executeTakeFirst();
      return row?.product_id;
    },

    async upsertApp(
      productId: string,
      fields: KeyAuthAppFields,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      const values = {
        enabled: fields.enabled ? 1 : 0,
        name: fields.name,
        owner_id: fields.ownerId,
        secret: fields.secret,
        version: fields.version,
        download_url: fields.downloadUrl,
        updated_at: now,
      };
      await executor
        .insertInto('keyauth_apps')
        .values({ product_id: productId, created_at: now, ...values })
        .onConflict((oc) => oc.column('product_id').doUpdateSet(values))
        .execute();
    },

    async setSecret(
      productId: string,
      secret: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('keyauth_apps')
        .set({ secret, updated_at: now })
        .where('product_id', '=', productId)
        .execute();
    },

    listVariables(productId: string, limit: number, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('product_variables')
        .selectAll()
        .where('product_id', '=', productId)
        .orderBy('name')
        .limit(limit)
        .execute();
    },

    findVariable(productId: string, name: string, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('product_variables')
        .selectAll()
        .where('product_id', '=', productId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async countVariables(productId: string, executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('product_variables')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async saveVariable(
      productId: string,
      name: string,
      value: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .insertInto('product_variables')
        .values({ product_id: productId, name, value, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['product_id', 'name']).doUpdateSet({ value, updated_at: now }),
        )
        .execute();
    },

    /** True when a row was deleted. */
    async deleteVariable(
      productId: string,
      name: string,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .deleteFrom('product_variables')
        .where('product_id', '=', productId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A page of the product's blacklist, newest first, and its total. */
    async blacklistPage(
      productId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: HwidBlacklistRow[]; total: number }> {
      const matching = db.selectFrom('hwid_blacklist').where('product_id', '=', productId);
      const [rows, count] = await Promise.all([
        matching
          .leftJoin('users', 'users.id', 'hwid_blacklist.user_id')
          .selectAll('hwid_blacklist')
          .select('users.username')
          .orderBy('hwid_blacklist.created_at', 'desc')
          .orderBy('hwid_blacklist.hwid')
          .limit(limit)
          .offset(offset)
          .execute(),
        matching
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** Adds the HWID; false when it was already on the product's list (nothing changes). */
    async blacklistHwid(
      entry: { productId: string; hwid: string; reason: string; now: number },
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      return insertBlacklistedHwid(executor, { ...entry, userId: null });
    },

    findBlacklisted(
      productId: string,
      hwid: string,
      executor: Kysely<Database> = db,
    ): Promise<HwidBlacklistRow | undefined> {
      return executor
        .selectFrom('hwid_blacklist')
        .leftJoin('users', 'users.id', 'hwid_blacklist.user_id')
        .selectAll('hwid_blacklist')
        .select('users.username')
        .where('hwid_blacklist.product_id', '=', productId)
        .where('hwid_blacklist.hwid', '=', blacklistedHwidForm(hwid))
        .executeTakeFirst();
    },

    /** True when a row was deleted. */
    async unblacklistHwid(
      productId: string,
      hwid: string,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .deleteFrom('hwid_blacklist')
        .where('product_id', '=', productId)
        .where('hwid', '=', blacklistedHwidForm(hwid))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type KeyAuthAppsRepository = ReturnType<typeof createKeyAuthAppsRepository>;

/**
 * Puts an HWID on a product's blacklist, by the console (no user) or by a loader's `ban` (the
 * banned user), in its compared form; false when it was already there, kept as it was.
 */
export async function insertBlacklistedHwid(
  executor: Kysely<Database>,
  entry: { productId: string; hwid: string; reason: string; userId: string | null; now: number },
): Promise<boolean> {
  const result = await executor
    .insertInto('hwid_blacklist')
    .values({
      product_id: entry.productId,
      hwid: blacklistedHwidForm(entry.hwid),
      reason: entry.reason,
      user_id: entry.userId,
      created_at: entry.now,
    })
    .onConflict((conflict) => conflict.columns(['product_id', 'hwid']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
