import { Migrator, sql } from 'kysely';
import { migrationsFor } from '../db/migrations/index.js';
import type { AppDatabase } from './database.js';

/** Applies every pending migration; throws (and applies nothing more) when one fails. */
export async function migrateToLatest({ db, dialect }: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
    // Kysely looks for its bookkeeping tables in every schema unless told one, so a database
    // holding several schemas (one per test file, or per tenant) would see another's tables.
    migrationTableSchema: dialect === 'postgres' ? await currentSchema(db) : undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
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

async function currentSchema(db: AppDatabase['db']): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check the search_path');
  return schema;
}
