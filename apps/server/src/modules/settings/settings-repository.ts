import type { SettingKey } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Global settings rows (server_status, maintenance_mode, pause_all_users). */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async get(key: SettingKey, executor: Kysely<Database> = db): Promise<string | undefined> {
      const row = await executor
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
