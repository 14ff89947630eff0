import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../db/database.js';

/** How often, once the drain is over, the sockets that fell idle are closed. */
const SWEEP_INTERVAL_MS = 50;
/**
 * After the listener closes, how long an idle keep-alive socket stays open: a request a client
 * sent on it before the signal may still be on its way (or unread, behind a busy event loop).
 */
const IDLE_DRAIN_MS = 1_000;
/** Past the deadline, how long closing the app and the database may still take. */
const LAST_RESORT_MS = 5_000;

export interface ShutdownTimes {
  /** How long in-flight requests may still finish once the server stopped listening. */
  timeoutMs: number;
  /** How long the server keeps listening, draining, before that (0: it stops at once). */
  readyGraceMs: number;
}

/**
 * On SIGTERM or SIGINT: begin draining (the readiness probe answers 503 DRAINING), keep
 * accepting for `readyGraceMs` so a load balancer polling readiness stops routing here; then
 * take in the connections already queued, stop accepting (a new connection is refused), and
 * answer every request from then on with `Connection: close`, so each connection closes after
 * its answer; a socket left idle is closed only once `IDLE_DRAIN_MS` has passed, so a request
 * sent on it before the signal is answered, never reset. After `timeoutMs` the sockets still
 * open are closed (a body dribbled a byte at a time, headers that never end); then the app
 * closes (its background jobs stop and are awaited), then the database, and the process exits
 * 0. Call before `listen`, so every connection is seen.
 */
export function shutDownOnSignals(
  app: FastifyInstance,
  database: AppDatabase,
  { timeoutMs, readyGraceMs }: ShutdownTimes,
): void {
  const { server } = app;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Node closes the idle keep-alive sockets as the listener closes (server.close(), and Fastify
  // asks again): a request a client had already sent on one, not yet read, was reset. Until the
  // drain is over they stay open; a request on one is answered, then its socket closes.
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  let drained = false;
  server.closeIdleConnections = () => {
    if (drained) closeIdleConnections();
  };
  /** Closes the sockets with nothing to answer, right after Node read what had arrived. */
  const closeIdle = () =>
    afterNextPoll().then(() => {
      closeIdleConnections();
      // A socket that never sent a byte is idle too, though Node would wait for its request.
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    });

  let started = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // SIGINT after SIGTERM (or the reverse) must not close the app twice.
    if (started) return;
    started = true;
    app.draining.begin();
    app.log.info({ signal, readyGraceMs }, 'shutting down');
    const lastResort = setTimeout(
      () => {
        app.log.error('shutdown did not finish in time');
        process.exit(1);
      },
      readyGraceMs + timeoutMs + LAST_RESORT_MS,
    );
    lastResort.unref();
    if (readyGraceMs > 0) await sleep(readyGraceMs);
    // From here everything counts against the deadline.
    const deadlineAt = Date.now() + timeoutMs;
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // Closing the listener resets the connections the kernel queued and this process has not
    // accepted yet: a client may have sent its request on one. Accept them first.
    await acceptQueued(server, deadlineAt);
    // Set before any handler runs, so even an answer sent at once carries it. Clients told so
    // reconnect only once the listener is closed, and are refused rather than reset.
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.setHeader('connection', 'close');
    });
    let sweep: NodeJS.Timeout | undefined;
    const drain = setTimeout(
      () => {
        drained = true;
        void closeIdle();
        sweep = setInterval(() => void closeIdle(), SWEEP_INTERVAL_MS);
      },
      Math.max(0, Math.min(IDLE_DRAIN_MS, deadlineAt - Date.now())),
    );
    try {
      await app.close();
    } finally {
      clearTimeout(drain);
      clearInterval(sweep);
      clearTimeout(deadline);
    }
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

/**
 * Resolves once the event loop has been through a poll phase: the bytes that had arrived on
 * the sockets are read, and one connection the kernel queued is accepted.
 */
function afterNextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * Takes in the connections the kernel has queued for the listener. Node accepts one per turn
 * of the event loop (measured: 20 queued connections took 20 turns), so a busy process can
 * have many waiting: turns until one goes by without a new connection, or until `untilMs`.
 */
async function acceptQueued(server: Server, untilMs: number): Promise<void> {
  let accepted = 0;
  const count = () => {
    accepted += 1;
  };
  server.on('connection', count);
  try {
    for (let before = -1; accepted !== before && Date.now() < untilMs;) {
      before = accepted;
      await afterNextPoll();
    }
  } finally {
    server.off('connection', count);
  }
}
