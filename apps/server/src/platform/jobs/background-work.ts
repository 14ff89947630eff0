interface BackgroundLogger {
  error(details: object, message: string): void;
}

export interface BackgroundWork {
  /**
   * Runs `task` after the current answer has gone out: it starts on a later turn of the event
   * loop, once the handler that called this has returned and its reply has been written. Used
   * where doing the work first would show in the answer's timing (whether an e-mail has an
   * account) or hold it up (the outbox's event handlers). A failure is logged with `name`,
   * never thrown.
   */
  run(name: string, task: () => Promise<void>): void;
  /** Waits for the tasks under way, at most `timeoutMs`; logs the ones still running then. */
  settle(timeoutMs: number): Promise<void>;
}

export function createBackgroundWork(logger: BackgroundLogger): BackgroundWork {
  const running = new Map<Promise<void>, string>();

  return {
    run(name, task) {
      const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) =>
          logger.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(work));
      running.set(work, name);
    },

    async settle(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      // Tasks may start others (a sign-up's mail); wait until none is left.
      while (running.size > 0) {
        if ((await Promise.race([Promise.all(running.keys()), deadline])) === 'late') {
          logger.error({ tasks: [...running.values()] }, 'background tasks abandoned at shutdown');
          break;
        }
      }
      clearTimeout(timer);
    },
  };
}
