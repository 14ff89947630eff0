import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunQueries } from './sqlite-worker.js';
import { startSqliteWorker } from './sqlite-worker.js';

describe('SQLite worker', () => {
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
    const worker = startSqliteWorker(raw, file, onMainConnection(raw));
    cleanups.push(worker.stop);
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

  /** The fallback the app gives: the same queries on the main connection. */
  function onMainConnection(raw: BetterSqlite3.Database): RunQueries {
    return async (queries) => {
      for (const { sql, parameters } of queries) raw.prepare(sql).run(...parameters);
      await Promise.resolve();
      return true;
    };
  }

  const insert = (id: number, name: string) =>
    CompiledQuery.raw('insert into items (id, name) values (?, ?)', [id, name]);

  async function withItems() {
    const { raw, file } = await writtenDatabase();
    raw.exec('create table items (id integer primary key, name text not null)');
    return { raw, file };
  }

  it('runs posted writes on its own connection, each statement on its own', async () => {
    const { raw, file } = await withItems();
    const worker = startSqliteWorker(raw, file, onMainConnection(raw));
    cleanups.push(worker.stop);

    // The main connection holds the write lock: the worker's statements wait for it...
    raw.exec('begin immediate');
    let done = false;
    const written = worker.run([insert(1, 'a'), insert(2, 'b')]).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    raw.exec('commit');
    // ...and land once it is released.
    await written;
    expect(raw.prepare('select id, name from items order by id').all()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
  });

  it('runs a gated transaction only when its first statement claims a row', async () => {
    const { raw, file } = await withItems();
    raw.exec('create table claims (id integer primary key)');
    const worker = startSqliteWorker(raw, file, onMainConnection(raw));
    cleanups.push(worker.stop);
    const claim = (id: number) =>
      CompiledQuery.raw('insert or ignore into claims (id) values (?)', [id]);

    expect(await worker.run([claim(1), insert(1, 'a')], { transaction: true, gated: true })).toBe(
      true,
    );
    // The same claim again: nothing after it runs (a second insert of item 1 would fail).
    expect(await worker.run([claim(1), insert(1, 'a')], { transaction: true, gated: true })).toBe(
      false,
    );
    expect(await worker.run([claim(2), insert(2, 'b')], { transaction: true, gated: true })).toBe(
      true,
    );
    expect(raw.prepare('select id from items order by id').pluck().all()).toEqual([1, 2]);
  });

  it("rejects with SQLite's message when a statement fails, and keeps running later writes", async () => {
    const { raw, file } = await withItems();
    const worker = startSqliteWorker(raw, file, onMainConnection(raw));
    cleanups.push(worker.stop);

    await worker.run([insert(1, 'a')]);
    await expect(worker.run([insert(2, 'b'), insert(1, 'again')])).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
    await worker.run([insert(3, 'c')]);
    // Statements are not one transaction: the one before the failure stays.
    expect(raw.prepare('select id from items order by id').pluck().all()).toEqual([1, 2, 3]);
  });

  it('writes through the main connection and checkpoints automatically when the worker cannot run', async () => {
    const { raw, file } = await withItems();
    // The worker cannot open a file in a folder that does not exist.
    const worker = startSqliteWorker(
      raw,
      join(file, '..', 'missing', 'db.sqlite'),
      onMainConnection(raw),
    );
    cleanups.push(worker.stop);

    await worker.run([insert(1, 'a')]);
    await expect.poll(() => raw.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    await worker.run([insert(2, 'b')]);
    expect(raw.prepare('select id from items order by id').pluck().all()).toEqual([1, 2]);
  });
});
