import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export function createHealthRepository(db: Kysely<Database>) {
  return {
    /** A real round trip to the database; throws when it is unreachable. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
