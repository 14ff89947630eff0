import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../core/clock.js';
import type { JobLeasesRepository } from './job-leases-repository.js';

/**
 * Leases on periodic jobs, so each job's timer runs in one process across all workers and all
 * machines on one database: a process runs a tick only while it holds the job's
 * lease, renewed at every tick. Times are the app's clock; machines a few seconds apart still
 * agree, since a lease lasts several intervals (periodic-job.ts). A lease held by a process of
 * this machine that no longer runs (a worker killed with SIGKILL, a crashed server restarted) is
 * taken over at once rather than when it lapses, up to 30 minutes later.
 */
export interface JobLeases {
  /** This process's name in `job_leases.holder`. */
  holder: string;
  /** Takes or renews the lease `name` for `ttlMs`; whether this process holds it. */
  acquire(name: string, ttlMs: number): Promise<boolean>;
  /** Gives up the lease `name` if this process holds it. */
  release(name: string): Promise<void>;
}

/** Host, pid and a random part: unique per app, and readable in the table and the logs. */
export function newLeaseHolder(): string {
  return `${hostname()}:${String(process.pid)}:${randomBytes(4).toString('hex')}`;
}

/**
 * Whether `holder` (newLeaseHolder's form) names a process of this machine that has exited.
 * Another machine's processes, and this one's still running, are not judged.
 */
export function isExitedLocalHolder(holder: string): boolean {
  const match = /^(.*):(\d+):[0-9a-f]+$/.exec(holder);
  if (!match || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function createJobLeases({
  repository,
  clock,
  holder = newLeaseHolder(),
}: {
  repository: JobLeasesRepository;
  clock: Clock;
  holder?: string;
}): JobLeases {
  return {
    holder,
    async acquire(name, ttlMs) {
      const now = clock.now();
      const expiresAt = now + ttlMs;
      if (await repository.acquireOrRenew({ name, holder, now, expiresAt })) return true;
      const current = await repository.holderOf(name);
      if (current === undefined || !isExitedLocalHolder(current)) return false;
      return repository.takeOver({ name, from: current, holder, expiresAt });
    },
    release: (name) => repository.release(name, holder),
  };
}
