// `npm run bench:loader -- --nodes 2 --redis`: the heartbeat served by one process against
// `--nodes` processes (WORKERS=N on one port, node:cluster) in the same run, both with their
// shared state in a throwaway Redis (Debian's redis-server, started here) when --redis is given.
// On a 2-core machine the load generator shares the cores with the servers: the CPU each
// heartbeat costs (every server process and Redis together) is the figure that carries over.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  cpuPerRequest,
  freePort,
  measure,
  printTable,
  startChaveiro,
  statCpuMicros,
  type Figures,
} from './lib.js';
import { measureOpenLoop, type OpenLoopFigures } from './open-loop.js';

export interface NodesBenchOptions {
  dir: string;
  /** Processes of the second run. */
  nodes: number;
  redis: boolean;
  jwtSecret: string;
  duration: number;
  connections: number;
  /** Distinct sessions the bodies rotate through (each process verifies each once). */
  sessions: number;
  heartbeatBody: (n: number) => object;
}

/** CPU µs used so far by a process and every process it started (cluster workers). */
function treeCpuMicros(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    let total = statCpuMicros(`/proc/${String(pid)}/stat`);
    const children = readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map(Number);
    for (const child of children) total += treeCpuMicros(child) ?? 0;
    return total;
  } catch {
    return null;
  }
}

async function startRedis(): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const started = await new Promise<boolean>((done) => {
    child.once('error', () => done(false));
    setTimeout(() => done(true), 300);
  });
  if (!started) throw new Error('redis-server is missing: apt-get install -y redis-server');
  return { url: `redis://127.0.0.1:${String(port)}`, child, stop: () => child.kill('SIGTERM') };
}

interface Row {
  processes: number;
  /** Whether its shared state was in Redis. */
  shared: boolean;
  closed: Figures;
  paced: OpenLoopFigures;
  /** CPU µs per heartbeat of the server processes and Redis together, closed loop. */
  cpuMicros: number | null;
}

export async function runNodesBench(options: NodesBenchOptions): Promise<void> {
  const redis = options.redis ? await startRedis() : undefined;
  const rows: Row[] = [];
  let pacedRate: number | undefined;
  // With --redis, one process without it first: what sharing the state costs.
  const runs = [
    ...(redis ? [{ processes: 1, shared: false }] : []),
    { processes: 1, shared: Boolean(redis) },
    { processes: options.nodes, shared: Boolean(redis) },
  ];
  try {
    for (const { processes, shared } of runs) {
      const port = await freePort();
      const server = await startChaveiro(options.dir, port, {
        JWT_SECRET: options.jwtSecret,
        WORKERS: String(processes),
        ...(redis && shared
          ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `bench-${String(processes)}:` }
          : {}),
      });
      try {
        let n = 0;
        const requests = () => [
          {
            method: 'POST' as const,
            path: '/api/loader/heartbeat',
            setupRequest: (request: object) => ({
              ...request,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(options.heartbeatBody(n++)),
            }),
          },
        ];
        // Each process verifies a session token once; warm every process's cache first.
        await measure({
          name: 'warm-up',
          url: server.url,
          connections: 64,
          duration: 60,
          amount: options.sessions * processes,
          requests: requests(),
        });
        const cpuBefore = treeCpuMicros(server.child.pid) ?? null;
        const redisBefore = treeCpuMicros(redis?.child.pid);
        const closed = await measure({
          name: `heartbeat, ${String(processes)} process${processes > 1 ? 'es' : ''}${shared ? ' + Redis' : ''}`,
          url: server.url,
          connections: options.connections,
          duration: options.duration,
          requests: requests(),
        });
        const cpuAfter = treeCpuMicros(server.child.pid);
        const redisAfter = treeCpuMicros(redis?.child.pid);
        const served = closed.requestsPerSecond * options.duration;
        const serverCpu = cpuPerRequest(cpuBefore, cpuAfter, served);
        const redisCpu = shared ? cpuPerRequest(redisBefore, redisAfter, served) : 0;
        closed.cpuMicros = serverCpu === null || redisCpu === null ? null : serverCpu + redisCpu;
        // p99 of both at one rate: half the single process's throughput.
        pacedRate ??= Math.round(closed.requestsPerSecond / 2);
        await new Promise((done) => setTimeout(done, 2_000));
        const paced = await measureOpenLoop({
          name: `${closed.name} at ${String(pacedRate)} req/s`,
          url: server.url,
          path: '/api/loader/heartbeat',
          body: options.heartbeatBody,
          rate: pacedRate,
          connections: options.connections,
          duration: options.duration,
        });
        rows.push({ processes, shared, closed, paced, cpuMicros: closed.cpuMicros });
      } finally {
        await server.stop();
      }
    }
  } finally {
    redis?.stop();
  }
  printTable(rows.flatMap((row) => [row.closed, row.paced]));
  const [one, many] = rows.slice(-2);
  const alone = rows.length === 3 ? rows[0] : undefined;
  if (alone && one) {
    console.log(
      `\nRedis costs 1 process ${String((one.cpuMicros ?? 0) - (alone.cpuMicros ?? 0))} µs of CPU per heartbeat ` +
        `(${String(one.cpuMicros)} with it, Redis's own included, vs ${String(alone.cpuMicros)} in memory); ` +
        `${String(one.closed.requestsPerSecond)} vs ${String(alone.closed.requestsPerSecond)} req/s.`,
    );
  }
  if (one && many) {
    console.log(
      `\n${String(many.processes)} processes serve ${(many.closed.requestsPerSecond / one.closed.requestsPerSecond).toFixed(2)} × the heartbeats of 1 ` +
        `(${String(many.closed.requestsPerSecond)} vs ${String(one.closed.requestsPerSecond)} req/s); ` +
        `p99 at ${String(pacedRate)} req/s: ${String(many.paced.p99)} vs ${String(one.paced.p99)} ms; ` +
        `CPU per heartbeat (servers${options.redis ? ' + Redis' : ''}): ${String(many.cpuMicros)} vs ${String(one.cpuMicros)} µs; ` +
        `the load generator used ${String(one.paced.generatorCpuMicros)} µs per request of the same cores.`,
    );
  }
}
