import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';

/** How often the worker copies the WAL back into the database file. */
const CHECKPOINT_INTERVAL_MS = 1_000;
/** SQLite's default, restored when the worker cannot run. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * Runs idempotent write queries one by one (each its own statement, no transaction unless
 * asked); a `fileContent(path, range?)` parameter is read from disk by whoever runs the query.
 * Answers whether the queries ran: false only when `gated` stopped them.
 */
export type RunQueries = (
  queries: readonly CompiledQuery[],
  options?: RunOptions,
) => Promise<boolean>;

export interface RunOptions {
  /**
   * Large writes (a product's bell lines): once they ran, the worker syncs the WAL, so the main
   * connection's next commit (synchronous=FULL) does not wait on the event loop for their pages.
   */
  syncWal?: boolean;
  /**
   * All the queries or none, in one transaction: a large file's row and its chunks, so a crash
   * or a failed read never leaves part of a file stored.
   */
  transaction?: boolean;
  /**
   * With `transaction`: the first statement is a claim (an insert that does nothing on
   * conflict), and the rest run only when it changed a row; so two processes, or two runs, do
   * the work once (the analytics minute).
   */
  gated?: boolean;
}

export interface SqliteWorker {
  run: RunQueries;
  stop: () => Promise<void>;
}

interface Posted {
  queries: readonly CompiledQuery[];
  options: RunOptions | undefined;
  resolve: (ran: boolean) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread with its own connection to the database file, for the work that must not
 * block the event loop (better-sqlite3 is synchronous):
 * - WAL checkpoints. SQLite's automatic checkpoint runs inside whichever commit crosses 1000
 *   pages: on a large database with synchronous=FULL it took over a second, stalling every
 *   request behind it. The worker checkpoints every second; the main connection never does.
 * - `run`: writes that would hold the event loop, such as loader presence (thousands of rows
 *   every few seconds, 15–20 ms of event loop each time) and uploaded files' bytes (a 60 MB
 *   file takes about half a second to insert, read from its temporary file here a chunk at a
 *   time).
 * If the worker fails, the automatic checkpoint comes back and writes go through `fallback`
 * (the main connection), those in flight included: only idempotent writes belong here.
 */
export function startSqliteWorker(
  raw: BetterSqlite3.Database,
  file: string,
  fallback: RunQueries,
): SqliteWorker {
  raw.pragma('wal_autocheckpoint = 0');
  // Beside this module in the source tree, beside main.js once built (build.mjs copies it).
  const worker = new Worker(new URL('./sqlite-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  const posted = new Map<number, Posted>();
  let nextId = 0;
  let available = true;

  function handOver(): void {
    available = false;
    const left = [...posted.values()];
    posted.clear();
    for (const { queries, options, resolve, reject } of left) {
      fallback(queries, options).then(resolve, reject);
    }
  }

  worker.on('message', ({ id, ran, error }: { id: number; ran?: boolean; error?: string }) => {
    const call = posted.get(id);
    posted.delete(id);
    if (error === undefined) call?.resolve(ran !== false);
    else call?.reject(new Error(error));
  });
  worker.on('error', (error) => {
    console.error(`SQLite worker failed: ${error.message}`);
    if (raw.open) raw.pragma(`wal_autocheckpoint = ${String(AUTOCHECKPOINT_PAGES)}`);
    handOver();
  });
  worker.on('exit', handOver);

  return {
    run(queries, options) {
      if (!available) return fallback(queries, options);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        posted.set(id, { queries, options, resolve, reject });
        worker.postMessage({
          id,
          queries: queries.map(({ sql, parameters }) => ({ sql, parameters })),
          syncWal: options?.syncWal === true,
          transaction: options?.transaction === true,
          gated: options?.gated === true,
        });
      });
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}
