import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { pendingMigrations } from '../../platform/db/migrate.js';

export function createHealthRepository(db: Kysely<Database>, dialect: SqlDialect) {
  return {
    /** A real round trip to the database; throws when it is unreachable. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    /** The migrations this build knows that the database has not applied. */
    pendingMigrations: () => pendingMigrations({ db, dialect }),
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
