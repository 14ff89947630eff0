import type { JobLeases } from './job-leases.js';

/** A lease outlives this many intervals, so a holder a tick late keeps its job... */
const LEASE_INTERVALS = 3;
/** ...and lasts at least this long. */
const MIN_LEASE_MS = 30_000;

/** How long a job's lease lasts past each renewal: after it, a dead holder's job moves on. */
export function leaseTtlMs(intervalMs: number): number {
  return Math.max(LEASE_INTERVALS * intervalMs, MIN_LEASE_MS);
}

/**
 * A job run now and then every `intervalMs` (the timer does not hold the process open), one run
 * at a time: `runOnce()` during a run waits for it and then runs again, so a caller (a test, an
 * admin action) always sees a run that started after its call. `stop()` clears the timer and
 * waits for a run in progress (app close, before the database pool ends).
 *
 * With `lease`, the timer's ticks run only in the process holding the job's lease (taken or
 * renewed at each tick, for `leaseTtlMs(intervalMs)`), so among all processes on one database
 * one runs the job; when that one dies its lease lapses and another's next tick takes it over;
 * `stop()` releases it once the run in progress ended. `runOnce()` runs whatever the lease:
 * a job with a lease must still bear two runs at once (a holder that stalled past its lease).
 */
export function createPeriodicJob<T>({
  run,
  intervalMs,
  onError,
  lease,
}: {
  run: () => Promise<T>;
  intervalMs: number;
  /** A background run that threw; the next tick tries again. */
  onError: (error: unknown) => void;
  /** The job's name in `job_leases`, and this process's leases. */
  lease?: { name: string; leases: JobLeases };
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = false;
  /** Ticks under way (their lease request, then their run), awaited by stop(). */
  const ticks = new Set<Promise<boolean>>();
  const ttlMs = leaseTtlMs(intervalMs);

  async function runOnce(): Promise<T> {
    while (running) await running.catch(() => undefined);
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  }

  /**
   * What the timer does: takes or renews the lease, then runs unless stopped meanwhile; true
   * when it ran. The timer's own ticks leave a run under way alone (it is their work done).
   */
  async function tick({ fromTimer }: { fromTimer: boolean }): Promise<boolean> {
    // Once stop() was called no lease is taken and no run starts.
    if (stopped) return false;
    // Renewed even while a run is under way, so a long run keeps its lease.
    if (lease && !(await lease.leases.acquire(lease.name, ttlMs))) return false;
    if (stopped || (fromTimer && running)) return false;
    await runOnce();
    return true;
  }

  /** A tick that stop() waits for: a lease granted after its release would outlive it. */
  function tracked(fromTimer: boolean): Promise<boolean> {
    const current = tick({ fromTimer }).finally(() => ticks.delete(current));
    ticks.add(current);
    return current;
  }

  function runInBackground(): void {
    tracked(true).catch(onError);
  }

  return {
    /** Runs now, whatever the lease (tests, an admin action, a kick after a change). */
    runOnce,
    /** One tick now, as the timer's (tests): runs only where the lease is held; whether it ran. */
    tick: () => tracked(false),
    start(): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(runInBackground, intervalMs);
      timer.unref();
      runInBackground();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await Promise.allSettled(ticks);
      await running?.catch(() => undefined);
      if (lease) await lease.leases.release(lease.name).catch(onError);
    },
  };
}

export type PeriodicJob<T> = ReturnType<typeof createPeriodicJob<T>>;
