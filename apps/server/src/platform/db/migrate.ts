import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { Migrator, sql } from 'kysely';
import { migrationsFor } from '../../db/migrations/index.js';
import type { Database } from '../../db/schema.js';
import type { AppDatabase } from './database.js';
import { ensurePrivateFile } from '../web/private-files.js';

type MigratedDatabase = Pick<AppDatabase, 'db' | 'dialect'>;

/** How often a node waiting for another's SQLite migration tries the lock again. */
const SQLITE_LOCK_RETRY_MS = 50;

/**
 * Applies every pending migration; throws (and applies nothing more) when one fails. Nodes
 * starting together take turns (underMigrationLock): one migrates, the others then find nothing to do.
 */
export async function migrateToLatest(database: MigratedDatabase): Promise<void> {
  const { db, dialect } = database;
  const { error, results } = await underMigrationLock(database, async () =>
    (await migratorFor(database)).migrateToLatest(),
  );
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? '(setup)'} failed`, { cause: error });
  }
  // New indexes have no statistics until analysed, and SQLite's planner then mixes them up with
  // the analysed ones (a million-key page walked a product at a time). `optimize` analyses just
  // what changed (0x10002: also tables never analysed), bounded by analysis_limit.
  if (dialect === 'sqlite' && results?.some((result) => result.status === 'Success')) {
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`pragma optimize = 0x10002`.execute(db);
  }
}

/** The names of the migrations this build knows that the database has not applied yet. */
export async function pendingMigrations(database: MigratedDatabase): Promise<string[]> {
  const migrations = await (await migratorFor(database)).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}

/**
 * Runs `run` while no other node migrates the same database. On PostgreSQL Kysely's own
 * advisory lock does it (and it tolerates two nodes creating its bookkeeping tables at once).
 * On SQLite Kysely takes no lock, so two nodes both ran the first migration: here they take an
 * exclusive transaction on a side file, not on the database, whose migrations must run outside
 * a transaction (2026120201_keyauth rebuilds a table with foreign keys off); the operating
 * system frees it if the process dies.
 */
async function underMigrationLock<T>(
  { db, dialect }: MigratedDatabase,
  run: () => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return run();
  const lock = await lockSqliteMigrations(await sqliteFileOf(db));
  try {
    return await run();
  } finally {
    lock.close();
  }
}

/**
 * Waits for the exclusive lock of `<database>-migrate-lock`, polling: a blocking busy timeout
 * would also stall the lock's holder when both share this event loop.
 */
async function lockSqliteMigrations(databaseFile: string): Promise<BetterSqlite3.Database> {
  const file = `${databaseFile}-migrate-lock`;
  ensurePrivateFile(file);
  // No busy timeout: it would block this thread instead of polling.
  const lock = new BetterSqlite3(file, { timeout: 0 });
  for (;;) {
    try {
      lock.exec('begin exclusive');
      return lock;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') {
        lock.close();
        throw error;
      }
      await sleep(SQLITE_LOCK_RETRY_MS);
    }
  }
}

async function sqliteFileOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) throw new Error('SQLite database has no file to lock while migrating');
  return file;
}

async function migratorFor({ db, dialect }: MigratedDatabase): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
    // Kysely looks for its bookkeeping tables in every schema unless told one, so a database
    // holding several schemas (one per test file, or per tenant) would see another's tables.
    migrationTableSchema: dialect === 'postgres' ? await currentSchema(db) : undefined,
  });
}

async function currentSchema(db: AppDatabase['db']): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check the search_path');
  return schema;
}
