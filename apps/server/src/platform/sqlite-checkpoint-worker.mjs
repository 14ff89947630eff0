// Runs on a worker thread (sqlite-checkpoints.ts): copies the main thread's WAL back into the
// database file with a connection of its own, so the copy and its fsync never block requests.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs and never makes a writer wait.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or briefly unavailable: the next round catches up.
  }
}, workerData.intervalMs);
