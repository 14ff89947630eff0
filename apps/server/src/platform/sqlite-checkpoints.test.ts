import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints } from './sqlite-checkpoints.js';

describe('background SQLite checkpoints', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A WAL database holding ~4 MB of committed rows, none copied into the file yet. */
  async function writtenDatabase() {
    const dir = await mkdtemp(join(tmpdir(), 'chaveiro-checkpoint-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'db.sqlite');
    const raw = new BetterSqlite3(file);
    cleanups.push(async () => {
      raw.close();
      await Promise.resolve();
    });
    raw.pragma('journal_mode = WAL');
    return { raw, file };
  }

  function writeRows(raw: BetterSqlite3.Database) {
    raw.exec('create table if not exists blobs (id integer primary key, body blob)');
    const insert = raw.prepare('insert into blobs (body) values (?)');
    raw.transaction(() => {
      for (let n = 0; n < 1_000; n += 1) insert.run(Buffer.alloc(4_000, n % 256));
    })();
  }

  async function fileSizeReaches(file: string, bytes: number, withinMs: number) {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if ((await stat(file)).size >= bytes) return true;
      await new Promise((done) => setTimeout(done, 100));
    }
    return false;
  }

  it('copies the WAL into the database file from the worker, never in a commit', async () => {
    const { raw, file } = await writtenDatabase();
    const stop = startBackgroundCheckpoints(raw, file);
    cleanups.push(stop);
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    writeRows(raw);
    // The commit itself left the rows in the WAL only...
    expect((await stat(file)).size).toBeLessThan(1_000_000);
    // ...and the worker folds them into the file shortly after.
    expect(await fileSizeReaches(file, 4_000_000, 5_000)).toBe(true);
    expect(raw.prepare('select count(*) as n from blobs').get()).toEqual({ n: 1_000 });
  });

  it('leaves the rows in the WAL when no checkpoint runs (what the worker replaces)', async () => {
    const { raw, file } = await writtenDatabase();
    raw.pragma('wal_autocheckpoint = 0');

    writeRows(raw);

    expect(await fileSizeReaches(file, 4_000_000, 1_500)).toBe(false);
  });
});
