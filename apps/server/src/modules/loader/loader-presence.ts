import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/core/context.js';
import { presenceUpdates } from '../subscriptions/index.js';

/** How often noted presence is written (app clock). */
export const PRESENCE_FLUSH_MS = 2_000;
/** A machine seen again this soon after its last write is not written again. */
export const PRESENCE_RESOLUTION_MS = 5_000;
const TICK_MS = 500;

/** When a machine was seen and from which address (its `last_ip`). */
interface Sighting {
  at: number;
  ip: string;
}

/**
 * Machine presence (last_seen_at, what 'Usuários Online', the online dot and 'último acesso'
 * show, and last_ip, the address of the latest heartbeat). Heartbeats only note the time in memory; the notes are written together every
 * PRESENCE_FLUSH_MS of the app's clock, off the event loop, and a machine at most once per
 * PRESENCE_RESOLUTION_MS, so presence writes never become the heartbeat's bottleneck while
 * staying within a few seconds of the truth. `flush()` writes at once (tests, shutdown).
 */
export function createPresence(
  { dialect, clock, runInBackground }: Pick<AppContext, 'dialect' | 'clock' | 'runInBackground'>,
  log: FastifyBaseLogger,
) {
  let pending = new Map<string, Sighting>();
  /** When each machine was last written, for those written within the resolution. */
  const written = new Map<string, number>();
  let lastFlushAt = clock.now();
  let running: Promise<void> | undefined;

  async function flush(): Promise<void> {
    // One write at a time; a call during one waits, then writes what arrived meanwhile.
    while (running) await running.catch(() => undefined);
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const now = clock.now();
    lastFlushAt = now;
    running = runInBackground(presenceUpdates(dialect, [...batch]))
      .then(() => {
        for (const [machineId, at] of written) {
          if (now - at >= PRESENCE_RESOLUTION_MS) written.delete(machineId);
        }
        for (const [machineId, { at }] of batch) written.set(machineId, at);
      })
      .catch((error: unknown) => {
        // Kept for the next flush unless a newer heartbeat already replaced it.
        for (const [machineId, sighting] of batch) {
          if ((pending.get(machineId)?.at ?? 0) < sighting.at) pending.set(machineId, sighting);
        }
        throw error;
      })
      .finally(() => {
        running = undefined;
      });
    await running;
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    /** Notes that the machine was seen at `at` (epoch ms) from `ip`. */
    seen(machineId: string, at: number, ip: string): void {
      const last = written.get(machineId);
      if (last !== undefined && at >= last && at - last < PRESENCE_RESOLUTION_MS) return;
      pending.set(machineId, { at, ip });
    },
    flush,
    /** Starts writing what heartbeats noted (app ready). */
    start(): void {
      // Real time only paces the checks; whether to write is decided by the app's clock, so a
      // test's manual clock writes nothing behind its back.
      timer ??= setInterval(() => {
        if (pending.size === 0 || clock.now() - lastFlushAt < PRESENCE_FLUSH_MS) return;
        flush().catch((error: unknown) => {
          log.error({ err: error }, 'loader presence flush failed');
        });
      }, TICK_MS);
      timer.unref();
    },
    /** Stops the timer and writes what is pending (app close). */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
