import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from './database.js';

/** How often, while draining, sockets that fell idle are closed. */
const SWEEP_INTERVAL_MS = 50;
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
 * accepting for `readyGraceMs` so a load balancer polling it stops routing here, then stop
 * accepting connections, let the requests in flight finish and close every socket as soon as
 * it has nothing left to answer; after `timeoutMs` close the sockets still open (a body dribbled
 * a byte at a time, headers that never end); then close the app (its background jobs stop and
 * are awaited) and the database, and exit 0. Call before `listen`, so every connection is seen.
 */
export function shutDownOnSignals(
  app: FastifyInstance,
  database: AppDatabase,
  { timeoutMs, readyGraceMs }: ShutdownTimes,
): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
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
    // Node closes the idle keep-alive sockets once, as it stops listening; more fall idle as
    // their last answer goes out. A socket that has not sent a byte is idle too, though Node
    // waits for its request.
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    }, SWEEP_INTERVAL_MS);
    const deadline = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
    }
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}
