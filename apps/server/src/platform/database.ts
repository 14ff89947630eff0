import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { DatabaseConnection, Driver, SqliteDatabase, SqliteDialectConfig } from 'kysely';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from '../db/schema.js';

export type SqlDialect = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: SqlDialect;
  destroy(): Promise<void>;
}

/** Opens the configured database: SQLite by default, PostgreSQL when DATABASE_URL says so. */
export function createDatabase(config: { database: DatabaseConfig }): AppDatabase {
  const dialect = config.database.kind;
  const db =
    config.database.kind === 'postgres'
      ? new Kysely<Database>({ dialect: postgresDialect(config.database.url) })
      : new Kysely<Database>({ dialect: sqliteDialect(config.database.file) });
  // Idempotent, so a second shutdown signal or a test's cleanup cannot fail on a closed pool.
  let destroyed: Promise<void> | undefined;
  return { db, dialect, destroy: () => (destroyed ??= db.destroy()) };
}

/**
 * Runs `fn` in one transaction. On SQLite it begins IMMEDIATE (see ImmediateSqliteDriver), so two
 * writers never both read, then fail to upgrade to a write lock.
 * Inside `fn` use only `trx`: on SQLite the single connection is held until the end.
 */
export function withTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(fn);
}

function sqliteDialect(file: string): SqliteDialect {
  mkdirSync(dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  // FULL: a committed redemption or balance change survives a power cut.
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return new ImmediateSqliteDialect({ database: withStatementCache(raw) });
}

/** Every transaction, Kysely's own (migrations) included, takes the write lock up front. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; reusing prepared statements saves that cost on hot paths
 * such as the loader heartbeat. Safe because Kysely serialises use of the single connection.
 */
function withStatementCache(raw: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => raw.close(),
    prepare(text) {
      let statement = cache.get(text);
      if (!statement) {
        statement = raw.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

function postgresDialect(url: string): PostgresDialect {
  // int8 (epoch ms, cents, count(*)) and numeric (sum() over integers) arrive as strings by
  // default; every such value in this schema fits a double, and SQLite already gives numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => {
    console.error(`PostgreSQL idle client error: ${error.message}`);
  });
  return new PostgresDialect({ pool });
}
