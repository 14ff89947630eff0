import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, sql } from 'kysely';
import { loadConfig } from '../config.js';
import { migrationsFor } from '../db/migrations/index.js';
import type { AppDatabase } from '../platform/db/database.js';
import { createDatabase } from '../platform/db/database.js';
import { createPostgresSchema } from './test-app.js';

export interface MigratedDatabase {
  database: AppDatabase;
  /** The same database, untyped: rows are written in the schema of that migration's time. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of that time
  raw: Kysely<any>;
  close(): Promise<void>;
}

/**
 * A fresh database (a SQLite file, or a PostgreSQL schema when TEST_DATABASE_URL is set)
 * migrated up to `name` only: a test writes the rows of that time, then migrates to the latest
 * and reads what the migrations after `name` made of them.
 */
export async function databaseMigratedTo(name: string): Promise<MigratedDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-migrate-'));
  const postgres = await createPostgresSchema();
  const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  const database = createDatabase(loadConfig(env));
  const close = async () => {
    await database.destroy();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const schema = postgres
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s
    : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrationsFor(database.dialect)) },
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateTo(name);
  if (error) {
    await close();
    throw error instanceof Error ? error : new Error(`migrating to ${name} failed`);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of that time
  return { database, raw: database.db as unknown as Kysely<any>, close };
}
