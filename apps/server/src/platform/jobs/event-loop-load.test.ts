import { describe, expect, it } from 'vitest';
import { watchEventLoopLoad } from './event-loop-load.js';

/** Keeps the event loop working for `ms`, yielding every few ms so timers still run. */
async function keepBusy(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 8;
    while (performance.now() < slice) {
      // working
    }
    await new Promise((done) => setImmediate(done));
  }
}

describe('event loop load', () => {
  it('is idle while the loop waits, busy while it works, and idle again after', async () => {
    const load = watchEventLoopLoad();
    try {
      await new Promise((done) => setTimeout(done, 250));
      expect(load.busy()).toBe(false);

      await keepBusy(400);
      expect(load.busy()).toBe(true);

      await expect.poll(() => load.busy(), { timeout: 2_000, interval: 50 }).toBe(false);
    } finally {
      load.stop();
    }
  });
});
