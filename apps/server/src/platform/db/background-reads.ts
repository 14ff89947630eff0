import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult } from 'kysely';
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { ReadInBackground } from './sqlite-reader.js';

/**
 * A Kysely dialect whose every statement runs through `read` (the SQLite reader's worker
 * thread), so a repository writes its heavy reads as usual and they leave the event loop. Reads
 * only: it has no transactions, and the worker's connection is read-only.
 */
export class BackgroundReadDialect implements Dialect {
  readonly #read: ReadInBackground;

  constructor(read: ReadInBackground) {
    this.#read = read;
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    const connection: DatabaseConnection = {
      executeQuery: async <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]) =>
        ({ rows: (await this.#read(query)) as R[] }) satisfies QueryResult<R>,
      streamQuery: () => {
        throw new Error('background reads do not stream');
      },
    };
    const noTransactions = () => {
      throw new Error('background reads run outside transactions');
    };
    const nothing = () => Promise.resolve();
    return {
      init: nothing,
      acquireConnection: () => Promise.resolve(connection),
      beginTransaction: noTransactions,
      commitTransaction: noTransactions,
      rollbackTransaction: noTransactions,
      releaseConnection: nothing,
      // The reader's thread is stopped with the database (database.ts destroy).
      destroy: nothing,
    };
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
