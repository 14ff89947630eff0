import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Writes a loader heartbeat straight into the server's SQLite file, as if the desktop loader of
 * `subscriptionId` had just checked in from `hwid`.
 */
export function recordHeartbeat(dataDir: string, subscriptionId: string, hwid: string): void {
  const db = new Database(join(dataDir, 'chaveiro.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    db.prepare(
      'INSERT INTO machines (id, subscription_id, hwid, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
    ).run(randomUUID(), subscriptionId, hwid, now, now);
  } finally {
    db.close();
  }
}
