import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/** Runs one read-only statement off the event loop and answers its rows. */
export type ReadInBackground = <R>(query: CompiledQuery<R>) => Promise<R[]>;

export interface SqliteReader {
  read: ReadInBackground;
  stop: () => Promise<void>;
}

interface Pending {
  query: CompiledQuery;
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread with a read-only connection of its own, for reads too heavy for the event
 * loop (better-sqlite3 is synchronous: a 30 ms count holds every request behind it): the
 * dashboard's counts, the periodic jobs' scans. WAL readers see committed data and never wait
 * for the writer. Started at the first read, so a process that never needs one never pays for
 * a thread. If the worker fails, reads go through `fallback` (on the event loop), those in
 * flight included.
 */
export function startSqliteReader(
  file: string,
  fallback: <R>(query: CompiledQuery<R>) => R[],
): SqliteReader {
  let worker: Worker | undefined;
  let available = true;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  function handOver(): void {
    available = false;
    const left = [...pending.values()];
    pending.clear();
    for (const { query, resolve, reject } of left) {
      try {
        resolve(fallback(query));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  function started(): Worker {
    if (worker) return worker;
    // Beside this module in the source tree, beside main.js once built (build.mjs copies it).
    const thread = new Worker(new URL('./sqlite-reader.mjs', import.meta.url), {
      workerData: { file },
    });
    thread.unref();
    thread.on(
      'message',
      ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
        const call = pending.get(id);
        pending.delete(id);
        if (error === undefined) call?.resolve((rows ?? []).map(withBuffers));
        else call?.reject(new Error(error));
      },
    );
    thread.on('error', (error) => {
      console.error(`SQLite reader failed: ${error.message}`);
      handOver();
    });
    thread.on('exit', handOver);
    worker = thread;
    return thread;
  }

  return {
    read<R>(query: CompiledQuery<R>): Promise<R[]> {
      if (!available) return Promise.resolve().then(() => fallback(query));
      const thread = started();
      return new Promise<R[]>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { query, resolve: resolve as (rows: unknown[]) => void, reject });
        thread.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    stop: async () => {
      available = false;
      await worker?.terminate();
    },
  };
}

/** A blob crosses the thread as a plain Uint8Array; the main connection answers Buffers. */
function withBuffers(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return row;
  const values = row as Record<string, unknown>;
  for (const [column, value] of Object.entries(values)) {
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
      values[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return row;
}
