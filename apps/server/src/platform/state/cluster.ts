import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';

/** Unexpected exits this recent count towards the restart backoff. */
const CRASH_MEMORY_MS = 60_000;
/** The first restart after a crash waits this long, doubled per further crash in a minute... */
const RESTART_BASE_MS = 250;
/** ...up to this. */
const RESTART_MAX_MS = 15_000;

export interface SupervisorLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The wait before restarting a worker, after `recentCrashes` crashes in the last minute. */
export function restartDelayMs(recentCrashes: number): number {
  return Math.min(RESTART_BASE_MS * 2 ** Math.max(0, recentCrashes - 1), RESTART_MAX_MS);
}

/**
 * The primary of `WORKERS=N` (node:cluster): forks `count` workers, which run this same program
 * and each serve the shared port (the primary hands out connections). A worker that exits on
 * its own is restarted, after a backoff that grows while it keeps crashing. SIGTERM or SIGINT is
 * passed to every worker, which drains and releases its job leases as a single process does
 * (platform/http/shutdown.ts); the primary exits once all have exited: 0 when all exited cleanly.
 */
export function superviseWorkers({ count, log }: { count: number; log: SupervisorLog }): void {
  let stopping = false;
  let failedExit = false;
  const crashes: number[] = [];
  const pendingRestarts = new Set<NodeJS.Timeout>();

  function fork(): void {
    const worker = cluster.fork();
    worker.once('online', () => log.info({ workerPid: worker.process.pid }, 'worker started'));
  }

  function alive(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  }

  cluster.on('exit', (worker, code, signal) => {
    const details = { workerPid: worker.process.pid, code, signal };
    if (stopping) {
      // Killed by our SIGTERM before it set up its own shutdown: nothing was lost.
      if (code !== 0 && signal !== 'SIGTERM') failedExit = true;
      log.info(details, 'worker stopped');
      if (alive().length === 0) process.exit(failedExit ? 1 : 0);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while ((crashes[0] ?? now) < now - CRASH_MEMORY_MS) crashes.shift();
    const restartInMs = restartDelayMs(crashes.length);
    log.error({ ...details, restartInMs }, 'worker exited unexpectedly; restarting it');
    const restart = setTimeout(() => {
      pendingRestarts.delete(restart);
      fork();
    }, restartInMs);
    pendingRestarts.add(restart);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const restart of pendingRestarts) clearTimeout(restart);
    pendingRestarts.clear();
    const workers = alive();
    log.info({ signal, workers: workers.length }, 'stopping the workers');
    if (workers.length === 0) process.exit(0);
    // SIGTERM whatever the signal: a terminal's Ctrl-C reached the workers too, and a second
    // signal is ignored by a worker already shutting down.
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  for (let n = 0; n < count; n += 1) fork();
}
