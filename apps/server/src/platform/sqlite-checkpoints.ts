import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the worker copies the WAL back into the database file. */
const CHECKPOINT_INTERVAL_MS = 1_000;
/** SQLite's default, restored when the worker cannot run. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * Moves WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside whichever
 * commit crosses 1000 pages: on a large database with synchronous=FULL it took over a second
 * (scattered pages, then fsync), stalling every request behind it. A worker thread with its own
 * connection checkpoints every second instead; the main connection never does. If the worker
 * fails, the automatic checkpoint comes back so the WAL cannot grow without bound.
 */
export function startBackgroundCheckpoints(
  raw: BetterSqlite3.Database,
  file: string,
): () => Promise<void> {
  raw.pragma('wal_autocheckpoint = 0');
  // Beside this module in the source tree, beside main.js once built (build.mjs copies it).
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  worker.on('error', (error) => {
    console.error(`SQLite checkpoint worker failed: ${error.message}`);
    if (raw.open) raw.pragma(`wal_autocheckpoint = ${String(AUTOCHECKPOINT_PAGES)}`);
  });
  return async () => {
    await worker.terminate();
  };
}
