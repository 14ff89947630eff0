import type { LoaderTimers } from '../client.js';

/**
 * A clock and timers the test moves by hand: a wait is recorded and fires only when `fireNext`
 * runs it, moving the clock by its delay. The server is a real HTTP server with that clock.
 */
export function manualTime(start = Date.parse('2026-11-23T12:00:00.000Z')) {
  const time = { now: start };
  const pending: { callback: () => void; delayMs: number }[] = [];
  const waits: number[] = [];
  const timers: LoaderTimers = {
    setTimeout(callback, delayMs) {
      const entry = { callback, delayMs };
      pending.push(entry);
      return entry;
    },
    clearTimeout(handle) {
      const index = pending.indexOf(handle as (typeof pending)[number]);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const fireNext = () => {
    const entry = pending.shift();
    if (!entry) throw new Error('nothing is waiting');
    waits.push(entry.delayMs);
    time.now += entry.delayMs;
    entry.callback();
  };
  /** Fires waits one by one (each after the loop has settled) until `done()`. */
  const runUntil = async (done: () => boolean, maxWaits = 100) => {
    for (let fired = 0; !done(); fired++) {
      if (fired >= maxWaits) throw new Error(`not done after ${String(maxWaits)} waits`);
      const deadline = Date.now() + 5000;
      while (pending.length === 0 && !done()) {
        if (Date.now() > deadline) throw new Error('the loop neither waits nor is done');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      if (!done()) fireNext();
    }
  };
  return { time, clock: () => time.now, timers, waits, pending, runUntil };
}
