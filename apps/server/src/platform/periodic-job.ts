/**
 * A job run now and then every `intervalMs` (the timer does not hold the process open), one run
 * at a time: `runOnce()` during a run waits for it and then runs again, so a caller (a test, an
 * admin action) always sees a run that started after its call. `stop()` clears the timer and
 * waits for a run in progress (app close, before the database pool ends).
 */
export function createPeriodicJob<T>({
  run,
  intervalMs,
  onError,
}: {
  run: () => Promise<T>;
  intervalMs: number;
  /** A background run that threw; the next tick tries again. */
  onError: (error: unknown) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  async function runOnce(): Promise<T> {
    while (running) await running.catch(() => undefined);
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function runInBackground(): void {
    runOnce().catch(onError);
  }

  return {
    runOnce,
    start(): void {
      if (timer) return;
      runInBackground();
      timer = setInterval(runInBackground, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type PeriodicJob<T> = ReturnType<typeof createPeriodicJob<T>>;
