// Runs on a worker thread (sqlite-reader.ts) with a read-only connection of its own: the heavy
// reads of periodic jobs and shared counts, so their work never holds the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { preparedOn } from './worker-statements.mjs';

const db = new Database(workerData.file, { readonly: true });
db.pragma('busy_timeout = 5000');

const prepared = preparedOn(db);

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepared(sql);
    // A writing statement would fail on this connection anyway; this says why.
    if (!statement.reader)
      throw new Error('a background read must be a statement that returns rows');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
