// Runs on a worker thread (sqlite-worker.ts) with a connection of its own: copies the main
// thread's WAL back into the database file, and runs the writes posted to it, so neither their
// work nor their fsync ever blocks requests.
import { closeSync, fdatasyncSync, openSync, readFileSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { preparedOn } from './worker-statements.mjs';

const db = new Database(workerData.file);
// Waits out the main connection's transactions (this thread has nothing else to do).
db.pragma('busy_timeout = 5000');
// Posted writes are idempotent bookkeeping (presence): a power cut may lose the last second of
// them, a commit waiting for the disk would cost more. The main connection stays FULL.
db.pragma('synchronous = NORMAL');

setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs and never makes a writer wait.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or briefly unavailable: the next round catches up.
  }
}, workerData.intervalMs);

const prepared = preparedOn(db);

/**
 * A `{ fileContent: path, offset?, length? }` parameter (database.ts fileContent) is that file's
 * bytes, or those of the range.
 */
function withFileContents(parameters) {
  let fromFiles = false;
  const values = parameters.map((value) => {
    if (typeof value !== 'object' || value === null || !('fileContent' in value)) return value;
    fromFiles = true;
    return value.length === undefined
      ? readFileSync(value.fileContent)
      : readRange(value.fileContent, value.offset ?? 0, value.length);
  });
  return { values, fromFiles };
}

function readRange(path, offset, length) {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    for (let read = 0; read < length;) {
      const bytesRead = readSync(fd, buffer, read, length - read, offset + read);
      // A short file would store a truncated piece under the whole file's hash.
      if (bytesRead === 0) throw new Error(`${path} ends before byte ${offset + length}`);
      read += bytesRead;
    }
    return buffer;
  } finally {
    closeSync(fd);
  }
}

/**
 * Runs the queries, each its own statement; tells whether they ran (gated: the first changed a
 * row, see sqlite-worker.ts) and whether one read a file's bytes.
 */
function runEach(queries, gated = false) {
  let wroteFiles = false;
  for (const [index, { sql, parameters }] of queries.entries()) {
    const { values, fromFiles } = withFileContents(parameters);
    const { changes } = prepared(sql).run(...values);
    wroteFiles ||= fromFiles;
    if (gated && index === 0 && changes === 0) return { ran: false, wroteFiles };
  }
  return { ran: true, wroteFiles };
}

// IMMEDIATE: takes the write lock up front, as the main connection's transactions do.
const runInTransaction = db.transaction(runEach);

/**
 * Writes the WAL to disk now, in this thread, so the main connection's next commit
 * (synchronous=FULL) does not wait on the event loop for megabytes of a file's pages, or of
 * thousands of rows (a product's bell lines).
 */
function syncWal() {
  const fd = openSync(`${workerData.file}-wal`, 'r+');
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

parentPort.on('message', ({ id, queries, syncWal: sync, transaction, gated }) => {
  try {
    // Each on its own unless asked otherwise: a statement holds the write lock only for itself,
    // so the main connection's writers never wait long behind a large batch.
    const { ran, wroteFiles } = transaction
      ? runInTransaction.immediate(queries, gated)
      : runEach(queries);
    if (wroteFiles || sync) syncWal();
    parentPort.postMessage({ id, ran });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
