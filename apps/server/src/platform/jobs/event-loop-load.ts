import { performance } from 'node:perf_hooks';

const SAMPLE_MS = 100;
/** The event loop counts as busy once it works this share of the time... */
const BUSY_FROM = 0.6;
/** ...and until it drops below this one, so it does not flip on every sample. */
const IDLE_BELOW = 0.45;

export interface EventLoopLoad {
  /** Whether the event loop has been working nearly all the time lately. */
  busy(): boolean;
  stop(): void;
}

/**
 * Samples the event loop's utilisation (the share of time it is not waiting for I/O) every
 * 100 ms. Work that can go either to the event loop or to a worker thread asks it where: a
 * worker hand-off costs a thread wake-up (~1 ms, more on a contended machine) and a thread
 * competing with the loop for the CPU, so it pays only once the loop is well loaded. Not only
 * once saturated: the loader's heartbeat signing on the loop costs ~50 µs more per request, so
 * at half its throughput the loop ran 87 % busy, below a 97 % threshold, and requests queued
 * behind one another (p99 14 × bare Fastify's; 5 × with signatures on the worker from 60 %).
 */
export function watchEventLoopLoad(): EventLoopLoad {
  let busy = false;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    busy = utilization >= (busy ? IDLE_BELOW : BUSY_FROM);
  }, SAMPLE_MS);
  timer.unref();
  return {
    busy: () => busy,
    stop: () => clearInterval(timer),
  };
}
