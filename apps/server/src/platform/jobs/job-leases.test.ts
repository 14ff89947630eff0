import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createDatabase } from '../db/database.js';
import type { AppDatabase } from '../db/database.js';
import { createJobLeases, isExitedLocalHolder } from './job-leases.js';
import { createJobLeasesRepository } from './job-leases-repository.js';
import { createPeriodicJob, leaseTtlMs } from './periodic-job.js';

let t: TestApp;
/** A second connection (pool) to the same database, as another process has. */
let other: AppDatabase;
const TTL = 30_000;

beforeAll(async () => {
  t = await createTestApp();
  // The app's own jobs hold their leases under other names; these tests use their own.
  other = createDatabase(t.config);
});
afterAll(async () => {
  await other?.destroy();
  await t?.close();
});

function leasesOn(database: AppDatabase, holder: string) {
  return createJobLeases({
    repository: createJobLeasesRepository(database),
    clock: t.clock,
    holder,
  });
}

function holderOf(name: string): Promise<string | undefined> {
  return createJobLeasesRepository(t.database).holderOf(name);
}

/** The pid of a process of this machine that ran and has exited. */
async function exitedPid(): Promise<number> {
  // Not spawnSync: blocking this thread would stall the other connection's statements.
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('could not start a process');
  return child.pid;
}

describe('job leases', () => {
  it('takes over at once a lease whose holder is a process of this machine that has exited', async () => {
    const killed = `${hostname()}:${String(await exitedPid())}:0badcafe`;
    const running = `${hostname()}:${String(process.pid)}:0c0ffee0`;
    const elsewhere = `another-machine:${String(await exitedPid())}:0d0d0d0d`;
    expect(isExitedLocalHolder(killed)).toBe(true);
    expect(isExitedLocalHolder(running)).toBe(false);
    expect(isExitedLocalHolder(elsewhere)).toBe(false);
    expect(isExitedLocalHolder('node-a')).toBe(false);

    const fresh = leasesOn(other, `${hostname()}:${String(process.pid)}:0a0a0a0a`);
    for (const [name, holder] of [
      ['exited-holder', killed],
      ['running-holder', running],
      ['foreign-holder', elsewhere],
    ] as const) {
      expect(await leasesOn(t.database, holder).acquire(name, TTL)).toBe(true);
    }
    // Well before any lease lapses: only the exited process's job moves.
    t.clock.advance(1_000);
    expect(await fresh.acquire('exited-holder', TTL)).toBe(true);
    expect(await holderOf('exited-holder')).toBe(fresh.holder);
    expect(await fresh.acquire('running-holder', TTL)).toBe(false);
    expect(await holderOf('running-holder')).toBe(running);
    expect(await fresh.acquire('foreign-holder', TTL)).toBe(false);
    expect(await holderOf('foreign-holder')).toBe(elsewhere);
  });

  it('gives a free lease to the first holder and refuses it to a second until it lapses', async () => {
    const a = leasesOn(t.database, 'node-a');
    const b = leasesOn(other, 'node-b');
    expect(await a.acquire('lapse', TTL)).toBe(true);
    expect(await b.acquire('lapse', TTL)).toBe(false);
    // The holder renews: a second, a third time.
    t.clock.advance(TTL - 1);
    expect(await a.acquire('lapse', TTL)).toBe(true);
    t.clock.advance(TTL - 1);
    expect(await b.acquire('lapse', TTL)).toBe(false);
    expect(await holderOf('lapse')).toBe('node-a');
    // node-a stops renewing (it died): at the end of its last renewal the lease moves.
    t.clock.advance(1);
    expect(await b.acquire('lapse', TTL)).toBe(true);
    expect(await holderOf('lapse')).toBe('node-b');
    expect(await a.acquire('lapse', TTL)).toBe(false);
  });

  it('hands a released lease to the next asker at once, and a release by a non-holder changes nothing', async () => {
    const a = leasesOn(t.database, 'node-a');
    const b = leasesOn(other, 'node-b');
    expect(await a.acquire('release', TTL)).toBe(true);
    await b.release('release');
    expect(await holderOf('release')).toBe('node-a');
    await a.release('release');
    expect(await holderOf('release')).toBeUndefined();
    expect(await b.acquire('release', TTL)).toBe(true);
    expect(await holderOf('release')).toBe('node-b');
  });

  it('lets exactly one of many concurrent askers hold a free lease', async () => {
    const askers = Array.from({ length: 24 }, (_, n) =>
      leasesOn(n % 2 === 0 ? t.database : other, `node-${String(n)}`),
    );
    const won = await Promise.all(askers.map((leases) => leases.acquire('race', TTL)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = askers[won.indexOf(true)];
    expect(await holderOf('race')).toBe(winner?.holder);
  });

  it('lets exactly one of many concurrent askers take over a lapsed lease', async () => {
    expect(await leasesOn(t.database, 'node-dead').acquire('takeover', TTL)).toBe(true);
    t.clock.advance(TTL);
    const askers = Array.from({ length: 24 }, (_, n) =>
      leasesOn(n % 2 === 0 ? t.database : other, `node-${String(n)}`),
    );
    const won = await Promise.all(askers.map((leases) => leases.acquire('takeover', TTL)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await holderOf('takeover')).toBe(askers[won.indexOf(true)]?.holder);
  });
});

describe('a periodic job with a lease', () => {
  it('ticks only in the holder, moves to the other when the holder stops, and releases', async () => {
    const runs: string[] = [];
    const jobOf = (database: AppDatabase, holder: string) =>
      createPeriodicJob({
        run: () => {
          runs.push(holder);
          return Promise.resolve();
        },
        intervalMs: 20,
        onError: (error) => {
          throw error;
        },
        lease: { name: 'ticking', leases: leasesOn(database, holder) },
      });
    const a = jobOf(t.database, 'node-a');
    const b = jobOf(other, 'node-b');
    a.start();
    await expect.poll(() => runs.length).toBeGreaterThanOrEqual(1);
    b.start();
    await expect.poll(() => runs.filter((holder) => holder === 'node-a').length).toBeGreaterThan(4);
    expect(runs).not.toContain('node-b');
    await a.stop();
    expect(await holderOf('ticking')).not.toBe('node-a');
    await expect.poll(() => runs.includes('node-b')).toBe(true);
    expect(await holderOf('ticking')).toBe('node-b');
    await b.stop();
    expect(await holderOf('ticking')).toBeUndefined();
  });

  it('leaves no lease behind when stopped while its first tick is still asking for it', async () => {
    for (let n = 0; n < 10; n += 1) {
      let ran = 0;
      const job = createPeriodicJob({
        run: () => {
          ran += 1;
          return Promise.resolve();
        },
        intervalMs: 60_000,
        onError: (error) => {
          throw error;
        },
        lease: { name: 'stopped-at-once', leases: leasesOn(n % 2 ? other : t.database, 'node-a') },
      });
      job.start();
      await job.stop();
      expect(await holderOf('stopped-at-once')).toBeUndefined();
      expect(ran).toBe(0);
      expect(await job.tick()).toBe(false);
    }
  });

  it('keeps a lease several intervals long, and at least 30 s', () => {
    expect(leaseTtlMs(15_000)).toBe(45_000);
    expect(leaseTtlMs(2_000)).toBe(30_000);
    expect(leaseTtlMs(10 * 60_000)).toBe(30 * 60_000);
  });
});
