// Latency at a given load, as many independent clients make it: requests arrive at random
// (Poisson) times over a fixed set of keep-alive connections, and each latency counts from when
// the request was due, so a slow server cannot hide its queue. autocannon's paced mode instead
// fires every connection at once each tick, which measures the burst, not the load.
//
// The generator shares the machine with the server, so it must cost little: Node's HTTP client
// spent ~300 µs of CPU per request here, as much as the server's heartbeat, and the two then
// fought over 2 cores. This one writes prebuilt bytes on raw sockets and reads only each
// answer's status line and Content-Length.
import type { ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { cpuPerRequest, cpuTimeMicros, type Figures } from './lib.js';

export interface OpenLoopScenario {
  name: string;
  /** Server origin, e.g. http://127.0.0.1:3903. */
  url: string;
  path: string;
  /** JSON body of the n-th request (POST). */
  body: (n: number) => object;
  /** Mean arrivals per second. */
  rate: number;
  /** Keep-alive connections shared by the requests (a request waits for a free one). */
  connections: number;
  duration: number;
  server?: ChildProcess;
}

export interface OpenLoopFigures extends Figures {
  /** The server's event-loop thread's share of cpuMicros (the rest: GC, workers, I/O threads). */
  mainThreadCpuMicros: number | null;
  /** The generator's own CPU per request, in µs: what it took from the server's machine. */
  generatorCpuMicros: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/** One keep-alive connection carrying one request at a time. */
interface Connection {
  socket: Socket;
  /** When the request in flight was due (performance.now()), or null when idle. */
  dueAt: number | null;
  /** Bytes of the answer in flight read so far. */
  received: Buffer;
}

export async function measureOpenLoop(scenario: OpenLoopScenario): Promise<OpenLoopFigures> {
  const origin = new URL(scenario.url);
  const head = `POST ${scenario.path} HTTP/1.1\r\nHost: ${origin.host}\r\nContent-Type: application/json\r\n`;
  const requestBytes = (n: number) => {
    const body = JSON.stringify(scenario.body(n));
    return `${head}Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`;
  };

  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  /** Due times of requests waiting for a free connection, oldest first. */
  const waiting: number[] = [];
  let sent = 0;
  const idle: Connection[] = [];
  let finish = () => {};
  const finished = new Promise<void>((done) => (finish = done));
  let scheduleDone = false;

  const settle = () => {
    if (!scheduleDone) return;
    if (connections.length === 0) {
      // Every connection is gone: what still waits can never be sent.
      errors += waiting.length;
      waiting.length = 0;
    }
    if (waiting.length === 0 && idle.length === connections.length) finish();
  };
  const send = (connection: Connection, dueAt: number) => {
    connection.dueAt = dueAt;
    connection.socket.write(requestBytes(sent));
    sent += 1;
  };
  const release = (connection: Connection) => {
    connection.dueAt = null;
    const next = waiting.shift();
    if (next === undefined) idle.push(connection);
    else send(connection, next);
    settle();
  };
  /** Reads answers off one connection: complete ones are timed, a partial one waits for more. */
  const onData = (connection: Connection, chunk: Buffer) => {
    connection.received =
      connection.received.length === 0 ? chunk : Buffer.concat([connection.received, chunk]);
    const end = connection.received.indexOf(HEADER_END);
    if (end < 0 || connection.dueAt === null) return;
    const headText = connection.received.toString('latin1', 0, end);
    const length = Number(CONTENT_LENGTH.exec(headText)?.[1] ?? 0);
    if (connection.received.length < end + HEADER_END.length + length) return;
    connection.received = Buffer.alloc(0);
    latencies.push(performance.now() - connection.dueAt);
    const status = Number(headText.slice(9, 12));
    if (!(status >= 200 && status < 300)) non2xx += 1;
    release(connection);
  };

  const connections = await Promise.all(
    Array.from(
      { length: scenario.connections },
      () =>
        new Promise<Connection>((opened, failed) => {
          const socket = connect(Number(origin.port), origin.hostname);
          const connection: Connection = { socket, dueAt: null, received: Buffer.alloc(0) };
          socket.setNoDelay(true);
          socket.once('connect', () => opened(connection));
          socket.once('error', failed);
          socket.on('data', (chunk) => onData(connection, chunk));
        }),
    ),
  );
  for (const connection of connections) {
    connection.socket.removeAllListeners('error');
    connection.socket.on('error', () => {
      errors += 1;
    });
    connection.socket.on('close', () => {
      // A connection the server closed mid-request loses that request: count it, do not wait.
      if (connection.dueAt !== null) {
        errors += 1;
        connection.dueAt = null;
      }
      const at = connections.indexOf(connection);
      if (at >= 0) connections.splice(at, 1);
      const idleAt = idle.indexOf(connection);
      if (idleAt >= 0) idle.splice(idleAt, 1);
      settle();
    });
    idle.push(connection);
  }

  const cpuBefore = cpuTimeMicros(scenario.server);
  const mainBefore = cpuTimeMicros(scenario.server, 'main thread');
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + scenario.duration * 1000;
  let due = started;
  const nextArrival = () => due + (-Math.log(1 - Math.random()) / scenario.rate) * 1000;
  // Sends every request due by now, then sleeps until the next one is due.
  const tick = () => {
    const now = performance.now();
    while (due <= now && due < end) {
      const connection = idle.pop();
      if (connection) send(connection, due);
      else waiting.push(due);
      due = nextArrival();
    }
    if (due < end) setTimeout(tick, Math.max(0, due - performance.now()));
    else {
      scheduleDone = true;
      settle();
    }
  };
  due = nextArrival();
  tick();
  await finished;

  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuTimeMicros(scenario.server);
  const mainAfter = cpuTimeMicros(scenario.server, 'main thread');
  const generator = process.cpuUsage(selfBefore);
  for (const connection of connections) connection.socket.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(
      (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0) * 10,
    ) / 10;
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx,
    errors,
    cpuMicros: cpuPerRequest(cpuBefore, cpuAfter, latencies.length),
    mainThreadCpuMicros: cpuPerRequest(mainBefore, mainAfter, latencies.length),
    generatorCpuMicros: Math.round((generator.user + generator.system) / Math.max(1, sent)),
  };
}
