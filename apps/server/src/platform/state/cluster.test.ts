import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { ServerProcess } from '../../testing/server-process.js';
import { startServerProcess } from '../../testing/server-process.js';
import { redisServerMissing, uniqueKeyPrefix, useTestRedis } from '../../testing/redis-server.js';
import { createPostgresSchema } from '../../testing/test-app.js';
import { restartDelayMs } from './cluster.js';
import { createDatabase } from '../db/database.js';

let redis: Awaited<ReturnType<typeof useTestRedis>> | undefined;
let server: ServerProcess | undefined;
let dataDir = '';
let postgres: Awaited<ReturnType<typeof createPostgresSchema>>;

/** Log lines of the primary and the workers, as JSON (LOG_LEVEL=info, not a terminal). */
interface LogLine {
  pid: number;
  msg: string;
  workerPid?: number;
  req?: { url?: string };
}

function logLines(): LogLine[] {
  return (server?.output() ?? '')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

function runningWorkers(): number[] {
  return logLines()
    .filter((line) => line.msg.startsWith('Chaveiro is running'))
    .map((line) => line.pid);
}

/** A GET on a connection of its own, so the primary hands each to the next worker. */
function getOnNewConnection(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${server?.url ?? ''}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** Which worker pids logged the requests whose path carries `?probe=<tag>-`. */
async function answeringPids(tag: string, count: number): Promise<Set<number>> {
  for (let n = 0; n < count; n += 1) {
    expect(await getOnNewConnection(`/api/loader/public-key?probe=${tag}-${String(n)}`)).toBe(200);
  }
  const pidsOf = () =>
    logLines()
      .filter((line) => line.req?.url?.includes(`?probe=${tag}-`))
      .map((line) => line.pid);
  await expect.poll(() => pidsOf().length).toBe(count);
  return new Set(pidsOf());
}

async function leaseHolders(): Promise<string[]> {
  const database = createDatabase(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' }),
  );
  try {
    const rows = await database.db.selectFrom('job_leases').select('holder').execute();
    return rows.map((row) => row.holder);
  } finally {
    await database.destroy();
  }
}

describe('restart backoff', () => {
  it('waits a quarter second after a first crash, doubling per crash in a minute up to 15 s', () => {
    expect([1, 2, 3, 4, 7, 20].map(restartDelayMs)).toEqual([
      250, 500, 1_000, 2_000, 15_000, 15_000,
    ]);
  });
});

if (redisServerMissing) console.warn(redisServerMissing);

// WORKERS > 1 requires REDIS_URL: skipped only where Debian's redis-server is not installed.
describe.skipIf(redisServerMissing !== undefined)(
  'WORKERS=2 (real processes, redis-server)',
  () => {
    beforeAll(async () => {
      redis = await useTestRedis();
      dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-cluster-'));
      postgres = await createPostgresSchema();
      server = await startServerProcess({
        env: {
          WORKERS: '2',
          REDIS_URL: redis.url,
          REDIS_KEY_PREFIX: uniqueKeyPrefix(),
          LOG_LEVEL: 'info',
        },
        storage: { dataDir, databaseUrl: postgres?.url },
      });
      await vi.waitFor(() => expect(runningWorkers()).toHaveLength(2), {
        timeout: 60_000,
        interval: 100,
      });
    }, 120_000);

    afterAll(async () => {
      await server?.close();
      await redis?.close();
      await postgres?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('answers from both workers, each its own process', async () => {
      const workers = runningWorkers();
      expect(new Set(workers).size).toBe(2);
      expect(workers).not.toContain(server?.child.pid);
      expect(await answeringPids('both', 8)).toEqual(new Set(workers));
    });

    it('restarts a worker killed with SIGKILL and keeps answering meanwhile', async () => {
      const [victim, survivor] = runningWorkers();
      process.kill(victim ?? 0, 'SIGKILL');
      await expect
        .poll(() =>
          logLines().some(
            (line) =>
              line.workerPid === victim && line.msg.startsWith('worker exited unexpectedly'),
          ),
        )
        .toBe(true);
      // The survivor answers while the replacement starts.
      expect(await answeringPids('restarting', 4)).toEqual(new Set([survivor]));
      await expect.poll(() => runningWorkers().length, { timeout: 60_000 }).toBe(3);
      const replacement = runningWorkers()[2];
      expect(replacement).not.toBe(victim);
      expect(await answeringPids('restarted', 8)).toEqual(new Set([survivor, replacement]));
    }, 90_000);

    it('exits 0 on SIGTERM once the workers drained, their leases released', async () => {
      const killed = logLines().find((line) =>
        line.msg.startsWith('worker exited unexpectedly'),
      )?.workerPid;
      const live = runningWorkers().filter((pid) => pid !== killed);
      const heldBy = (pid: number | undefined) => (holder: string) =>
        holder.includes(`:${String(pid)}:`);
      // Every job's lease is held, by the workers that ran this far (or the killed one: its
      // leases lapse on their own, it released nothing).
      expect(await leaseHolders()).toHaveLength(6); // LEASED_JOBS of job-leases-apps.test.ts

      const since = Date.now();
      server?.child.kill('SIGTERM');
      expect(await server?.exited(since)).toMatchObject({ code: 0, signal: null });
      const stopped = logLines().filter((line) => line.msg === 'worker stopped');
      expect(stopped.map((line) => line.workerPid).sort()).toEqual([...live].sort());
      const left = await leaseHolders();
      expect(left.filter((holder) => live.some((pid) => heldBy(pid)(holder)))).toEqual([]);
      expect(left.every(heldBy(killed))).toBe(true);
    }, 60_000);
  },
);
