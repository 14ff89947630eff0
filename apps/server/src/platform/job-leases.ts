import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from './clock.js';
import type { JobLeasesRepository } from './job-leases-repository.js';

/**
 * Leases on periodic jobs, so each job's timer runs in one process across all workers and all
 * machines on one database (issue #27): a process runs a tick only while it holds the job's
 * lease, renewed at every tick. Times are the app's clock; machines a few seconds apart still
 * agree, since a lease lasts several intervals (periodic-job.ts).
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
    acquire(name, ttlMs) {
      const now = clock.now();
      return repository.acquireOrRenew({ name, holder, now, expiresAt: now + ttlMs });
    },
    release: (name) => repository.release(name, holder),
  };
}
