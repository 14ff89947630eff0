import type { PaymentSettingKey, PricingSettingKey, SettingKey } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';

/** Every key of a settings row. */
type StoredSettingKey = SettingKey | PaymentSettingKey | PricingSettingKey;

/**
 * Settings rows: the global switches (server_status, maintenance_mode, pause_all_users) and the
 * payment settings (pix_key, pix_beneficiary), the global reseller discount (reseller_discount_bp).
 */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async get(key: StoredSettingKey, executor: Kysely<Database> = db): Promise<string | undefined> {
      const row = await executor
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    /**
     * The value inside a transaction that must not interleave with a change of it: on
     * PostgreSQL the row is read FOR SHARE (waiting for a writer to commit); SQLite transactions
     * already hold the write lock from their start.
     */
    async getLocked(
      key: SettingKey,
      executor: Kysely<Database>,
      dialect: SqlDialect,
    ): Promise<string | undefined> {
      let query = executor.selectFrom('settings').select('value').where('key', '=', key);
      if (dialect === 'postgres') query = query.forShare();
      const row = await query.executeTakeFirst();
      return row?.value;
    },

    /** Every setting row as key → value. */
    async getAll(executor: Kysely<Database> = db): Promise<Map<StoredSettingKey, string>> {
      const rows = await executor.selectFrom('settings').select(['key', 'value']).execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    /** Writes one setting (the row exists from the first migration; inserted if ever missing). */
    async set(
      key: StoredSettingKey,
      value: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .insertInto('settings')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
