import { open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type {
  DatabaseConnection,
  Driver,
  LogEvent,
  SqliteDatabase,
  SqliteDialectConfig,
} from 'kysely';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { FifoGate } from '../core/fifo-gate.js';
import { ensurePrivateDir, ensurePrivateFile, restrictToOwner } from '../web/private-files.js';
import { BackgroundReadDialect } from './background-reads.js';
import { startSqliteReader } from './sqlite-reader.js';
import type { RunQueries } from './sqlite-worker.js';
import { startSqliteWorker } from './sqlite-worker.js';

export type SqlDialect = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /**
   * Runs idempotent writes off the event loop (loader presence, uploaded files' bytes, a product
   * status's bell lines): on SQLite in a worker thread with its own connection
   * (sqlite-worker.ts), on PostgreSQL through the pool. A `fileContent(path, range?)` parameter
   * is read from disk where the query runs.
   */
  runInBackground: RunQueries;
  readNow: ReadNow;
  /**
   * Reads too heavy for the event loop (the dashboard's counts, periodic jobs' scans), written
   * as usual Kysely selects on committed data: on SQLite they run on a worker thread with a
   * read-only connection of its own (sqlite-reader.ts), on PostgreSQL through the pool. No
   * transactions.
   */
  backgroundReads: Kysely<Database>;
  destroy(): Promise<void>;
}

/**
 * Runs one read-only statement on committed data at once, for hot reads (the loader heartbeat):
 * on SQLite synchronously on a read-only connection of its own (WAL readers never wait for the
 * writer, and a caller never queues behind a transaction holding the main connection, nor reads
 * its uncommitted rows); on PostgreSQL through the pool.
 */
export type ReadNow = <R>(query: CompiledQuery<R>) => R[] | Promise<R[]>;

export interface DatabaseOptions {
  /**
   * Hears every statement the main connections run, transactions' `begin` and `commit`
   * included (tests count the commits a request makes before it answers).
   */
  onQuery?: (sql: string) => void;
}

/** Opens the configured database: SQLite by default, PostgreSQL when DATABASE_URL says so. */
export function createDatabase(
  config: { database: DatabaseConfig },
  { onQuery }: DatabaseOptions = {},
): AppDatabase {
  const dialect = config.database.kind;
  const log =
    onQuery &&
    ((event: LogEvent) => {
      if (event.level === 'query') onQuery(event.query.sql);
    });
  if (config.database.kind === 'postgres') {
    const db = new Kysely<Database>({ dialect: postgresDialect(config.database.url), log });
    return {
      db,
      dialect,
      runInBackground: runQueriesOn(db),
      readNow: async (query) => (await db.executeQuery(query)).rows,
      backgroundReads: db,
      destroy: once(() => db.destroy()),
    };
  }
  const raw = openSqlite(config.database.file);
  // Opened after the main connection, which made the file a WAL database.
  const reader = new BetterSqlite3(config.database.file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const readerStatements = withStatementCache(reader);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(raw) }),
    log,
  });
  const worker = startSqliteWorker(raw, config.database.file, runQueriesOn(db));
  const readNow = <R>(query: CompiledQuery<R>) =>
    readerStatements.prepare(query.sql).all(query.parameters) as R[];
  const backgroundReader = startSqliteReader(config.database.file, readNow);
  return {
    db,
    dialect,
    runInBackground: worker.run,
    readNow,
    backgroundReads: new Kysely<Database>({
      dialect: new BackgroundReadDialect(backgroundReader.read),
      log,
    }),
    // The workers and the reader close first: the last connection to close folds the WAL in.
    destroy: once(async () => {
      await backgroundReader.stop();
      await worker.stop();
      reader.close();
      await db.destroy();
    }),
  };
}

/** Idempotent, so a second shutdown signal or a test's cleanup cannot fail on a closed pool. */
function once(destroy: () => Promise<void>): () => Promise<void> {
  let destroyed: Promise<void> | undefined;
  return () => (destroyed ??= destroy());
}

/**
 * Runs queries made for `runInBackground` on `db` (PostgreSQL's pool, SQLite's main connection
 * when the worker cannot, or a caller's transaction), reading `fileContent` parameters from disk.
 */
export function runQueriesOn(db: Kysely<Database>): RunQueries {
  const runAll = async (
    executor: Kysely<Database>,
    queries: readonly CompiledQuery[],
    gated: boolean,
  ): Promise<boolean> => {
    for (const [index, query] of queries.entries()) {
      const parameters = await Promise.all(
        query.parameters.map((value) => (isFileContent(value) ? readFileContent(value) : value)),
      );
      const { numAffectedRows } = await executor.executeQuery({ ...query, parameters });
      if (gated && index === 0 && !numAffectedRows) return false;
    }
    return true;
  };
  return (queries, options) =>
    options?.transaction
      ? withTransaction(db, (trx) => runAll(trx, queries, options.gated === true))
      : runAll(db, queries, false);
}

/**
 * Stands for the bytes of a file in a query run by `runInBackground`: a large upload is read
 * from its temporary file by whoever runs the query (the SQLite worker), never copied through
 * the event loop. With a range, only those bytes (one chunk of a large file).
 */
export interface FileContent {
  fileContent: string;
  offset?: number;
  length?: number;
}

export function fileContent(path: string, range?: { offset: number; length: number }): FileContent {
  return range
    ? { fileContent: path, offset: range.offset, length: range.length }
    : { fileContent: path };
}

function isFileContent(value: unknown): value is FileContent {
  return typeof value === 'object' && value !== null && 'fileContent' in value;
}

async function readFileContent({
  fileContent: path,
  offset,
  length,
}: FileContent): Promise<Buffer> {
  if (length === undefined) return readFile(path);
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const start = offset ?? 0;
    for (let read = 0; read < length;) {
      const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
      // A short file would store a truncated piece under the whole file's hash.
      if (bytesRead === 0) throw new Error(`${path} ends before byte ${String(start + length)}`);
      read += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

/**
 * Runs `fn` in one transaction. On SQLite it begins IMMEDIATE (see ImmediateSqliteDriver), so two
 * writers never both read, then fail to upgrade to a write lock.
 * Inside `fn` use only `trx`: on SQLite the single connection is held until the end.
 */
export async function withTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const committed: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    commitHooks.set(trx, committed);
    return fn(trx);
  });
  for (const hook of committed) hook();
  return result;
}

/** What runs once each open transaction (withTransaction) commits; nothing if it rolls back. */
const commitHooks = new WeakMap<Kysely<Database>, (() => void)[]>();

/**
 * Runs `hook` once what was written through `executor` is visible to every other connection:
 * after the commit of its transaction (withTransaction), at once when it is none (a single
 * statement commits by itself). Call it after the write.
 */
export function afterCommit(executor: Kysely<Database>, hook: () => void): void {
  const hooks = executor.isTransaction ? commitHooks.get(executor) : undefined;
  if (hooks) hooks.push(hook);
  else hook();
}

function openSqlite(file: string): BetterSqlite3.Database {
  // The file holds TOTP secrets and password hashes. SQLite gives the WAL and shared-memory
  // files the database file's mode when it creates them; older ones are tightened here.
  ensurePrivateDir(dirname(file));
  ensurePrivateFile(file);
  restrictToOwner(`${file}-wal`);
  restrictToOwner(`${file}-shm`);
  const raw = new BetterSqlite3(file);
  switchToWal(raw);
  // FULL: a committed redemption or balance change survives a power cut.
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return raw;
}

/**
 * Puts the database in WAL mode. On a fresh file another process starting at the same moment may
 * hold the lock that switch needs, and SQLite answers SQLITE_BUSY at once instead of waiting for
 * it (the busy timeout does not cover it): retried for up to 10 s, before anything is served.
 */
function switchToWal(raw: BetterSqlite3.Database): void {
  const deadline = Date.now() + 10_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      raw.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: unknown }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
}

/**
 * Every transaction, Kysely's own (migrations) included, takes the write lock up front. Callers
 * of the single connection queue in a FIFO here first: Kysely's own mutex wakes every waiter on
 * each release and all but one wait again, which under load (256 heartbeats in flight) cost more
 * than the query itself. Past this queue its mutex is never contended.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #queue = new FifoGate();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.enter();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.leave();
  }

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
 * such as the loader heartbeat. Safe because each connection is used by one caller at a time
 * (Kysely serialises the main one; the reader runs synchronously).
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
