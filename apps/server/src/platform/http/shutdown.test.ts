import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { messages } from '@chaveiro/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../testing/server-process.js';
import { startServerProcess } from '../../testing/server-process.js';

const SHUTDOWN_MS = 2_000;
const READY_GRACE_MS = 1_500;

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server writes on `socket` until it closes it. */
function answerOn(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(received));
  });
}

/** One request of a keep-alive client's loop: when its bytes were all written, how it ended. */
interface Sent {
  writtenAt: number | undefined;
  /** `answered`, or the error code (`ECONNREFUSED`), or the body of a failed answer. */
  outcome: string;
}

/**
 * `clients` keep-alive clients, each sending `GET /api/health` again as soon as its answer is
 * in, until the server refuses a connection; SIGTERM after `signalAfterMs`. Resolves with every
 * request and the signal's time, once every client has stopped.
 */
async function keepAliveLoad(running: ServerProcess, clients: number, signalAfterMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const sent: Sent[] = [];
  const once = () =>
    new Promise<Sent>((resolve) => {
      const entry: Sent = { writtenAt: undefined, outcome: 'pending' };
      const call = request(
        { host: '127.0.0.1', port: running.port, path: '/api/health', agent },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => {
            entry.outcome =
              response.statusCode === 200 && body.includes('"ok"') ? 'answered' : body;
            resolve(entry);
          });
          response.on('error', (error: NodeJS.ErrnoException) => {
            entry.outcome = error.code ?? error.message;
            resolve(entry);
          });
          // Cut before its end: a partial answer (a no-op once 'end' resolved it).
          response.on('close', () => {
            if (entry.outcome === 'pending') entry.outcome = 'partial answer';
            resolve(entry);
          });
        },
      );
      call.on('finish', () => (entry.writtenAt = Date.now()));
      call.on('error', (error: NodeJS.ErrnoException) => {
        entry.outcome = error.code ?? error.message;
        resolve(entry);
      });
      call.end();
    });
  const loop = async () => {
    for (;;) {
      const entry = await once();
      sent.push(entry);
      if (entry.outcome === 'ECONNREFUSED') return;
    }
  };
  const loops = Array.from({ length: clients }, loop);
  await new Promise((done) => setTimeout(done, signalAfterMs));
  const signalAt = Date.now();
  running.child.kill('SIGTERM');
  await Promise.all(loops);
  agent.destroy();
  return { sent, signalAt, exit: await running.exited(signalAt) };
}

describe('shutdown on SIGTERM', { timeout: 60_000 }, () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(): Promise<ServerProcess> {
    server = await startServerProcess({ env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS) } });
    return server;
  }

  it('answers every request keep-alive clients sent before SIGTERM, resets none and refuses new connections', async () => {
    for (let run = 0; run < 3; run += 1) {
      const running = await start();
      const { sent, signalAt, exit } = await keepAliveLoad(running, 32, 400);
      const before = sent.filter((entry) => (entry.writtenAt ?? Infinity) < signalAt);
      const after = sent.filter((entry) => !before.includes(entry));

      expect(before.length).toBeGreaterThan(32);
      expect(before.filter((entry) => entry.outcome !== 'answered')).toEqual([]);
      // After the signal: answered (with Connection: close) or refused at connect, never reset.
      expect(
        after.filter((entry) => entry.outcome !== 'answered' && entry.outcome !== 'ECONNREFUSED'),
      ).toEqual([]);
      expect(exit, running.output()).toMatchObject({ code: 0 });
      await running.close();
      server = undefined;
    }
  }, 180_000);

  it('answers a request sent on an idle keep-alive socket just after SIGTERM, then closes it', async () => {
    const running = await start();
    const socket = await openSocket(running.port);
    const received = answerOn(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((done) => socket.once('data', done));

    const since = Date.now();
    running.child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 300));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');

    const answers = (await received).split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200 [^]*\r\nconnection: close\r\n[^]*"ok"/i);
    expect(await running.exited(since)).toMatchObject({ code: 0 });
  });

  it('exits 0 at once with its background workers running and an idle socket open', async () => {
    const running = await start();
    // A kept-alive socket after an answer, and one that never sent a byte (an idle `nc`).
    const keptAlive = await openSocket(running.port);
    keptAlive.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((done) => keptAlive.once('data', done));
    const silent = await openSocket(running.port);

    const since = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited(since);

    expect(exit, running.output()).toMatchObject({ code: 0 });
    expect(exit.afterMs).toBeLessThan(SHUTDOWN_MS);
    keptAlive.destroy();
    silent.destroy();
  });

  it('exits 0 by the deadline while a body is dribbled and headers never end', async () => {
    const running = await start();
    const dribbler = await openSocket(running.port);
    dribbler.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const loris = await openSocket(running.port);
    loris.write('GET /api/health HTTP/1.1\r\n');
    const drip = setInterval(() => {
      dribbler.write(' ');
      loris.write('X-Slow: 1\r\n');
    }, 100);
    dribbler.on('error', () => undefined);
    loris.on('error', () => undefined);
    // Both have been read by the server: each is a request on its way.
    await new Promise((done) => setTimeout(done, 300));

    const since = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited(since);
    clearInterval(drip);

    expect(exit, running.output()).toMatchObject({ code: 0 });
    expect(exit.afterMs).toBeGreaterThanOrEqual(SHUTDOWN_MS - 100);
    expect(exit.afterMs).toBeLessThan(SHUTDOWN_MS + 3_000);
  });

  it('still answers a request that was in flight when SIGTERM came', async () => {
    const running = await start();
    const body = JSON.stringify({ identifier: 'ninguem', password: 'senha-errada-123' });
    const socket = await openSocket(running.port);
    const answer = answerOn(socket);
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((done) => setTimeout(done, 200));

    const since = Date.now();
    running.child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 300));
    socket.write(body.slice(5));

    expect(await answer).toMatch(/^HTTP\/1\.1 401 /);
    const exit = await running.exited(since);
    expect(exit, running.output()).toMatchObject({ code: 0 });
    expect(exit.afterMs).toBeLessThan(SHUTDOWN_MS);
  });

  it('drains for SHUTDOWN_READY_GRACE_MS: ready answers 503 while a slow request still gets its 200', async () => {
    server = await startServerProcess({
      env: {
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
        SHUTDOWN_READY_GRACE_MS: String(READY_GRACE_MS),
      },
    });
    const running = server;
    const probe = (which: 'live' | 'ready') => fetch(`${running.url}/api/health/${which}`);
    expect((await probe('ready')).status).toBe(200);
    // A login (answered 200) whose body is still on its way when the signal comes.
    const body = JSON.stringify({ identifier: 'admin', password: 'senha-do-admin-123' });
    const socket = await openSocket(running.port);
    const answer = answerOn(socket);
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((done) => setTimeout(done, 200));

    const since = Date.now();
    running.child.kill('SIGTERM');
    let ready = await probe('ready');
    while (ready.status === 200 && Date.now() - since < READY_GRACE_MS / 2) {
      ready = await probe('ready');
    }
    // Still accepting connections during the grace, but no longer ready.
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: messages.health.draining, code: 'DRAINING' });
    expect((await probe('live')).status).toBe(200);
    expect(Date.now() - since).toBeLessThan(READY_GRACE_MS);

    // Past the grace the listener is closed (a new connection is refused); the request in
    // flight is still answered.
    await new Promise((done) => setTimeout(done, READY_GRACE_MS + 300 - (Date.now() - since)));
    await expect(openSocket(running.port)).rejects.toThrow(/ECONNREFUSED/);
    socket.write(body.slice(5));
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
    const exit = await running.exited(since);
    expect(exit, running.output()).toMatchObject({ code: 0 });
    expect(exit.afterMs).toBeGreaterThanOrEqual(READY_GRACE_MS);
    expect(exit.afterMs).toBeLessThan(READY_GRACE_MS + SHUTDOWN_MS);
  });
});
