// Shared pieces of the benchmarks: start the built server on a seeded data folder, run
// autocannon, print one line per scenario.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';

export const repoRoot = resolve(import.meta.dirname, '..');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Runs `node <script>` and waits until `readyPath` answers 200. */
export async function startProcess(
  script: string,
  port: number,
  readyPath: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${readyPath}`, child);
  return {
    url,
    child,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The built Chaveiro server on a seeded data folder (`npm run bench:seed` first). */
export function startChaveiro(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
) {
  return startProcess(
    'apps/server/dist/main.js',
    port,
    '/api/health',
    { DATA_DIR: resolve(dataDir), ...env },
    nodeArgs,
  );
}

/**
 * Waits until the server answers `/api/health` quickly `streak` times in a row (at most
 * `limitMs`): the first start on a fresh seed runs its background jobs' first pass (the expiry
 * reminders of thousands of subscriptions, their e-mail deliveries), and figures taken meanwhile
 * measure those jobs. Answers how long it waited.
 */
export async function waitUntilQuiet(
  url: string,
  { streak = 20, fastMs = 10, limitMs = 180_000 } = {},
): Promise<number> {
  const started = Date.now();
  let fast = 0;
  while (fast < streak && Date.now() - started < limitMs) {
    const sent = performance.now();
    await fetch(`${url}/api/health`);
    fast = performance.now() - sent <= fastMs ? fast + 1 : 0;
    await new Promise((done) => setTimeout(done, 50));
  }
  return Date.now() - started;
}

export interface Scenario {
  name: string;
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A different request each time (autocannon cycles through them). */
  requests?: autocannon.Request[];
  /** The server process, to report its CPU time per request. */
  server?: ChildProcess;
  /** Stop after this many requests (before `duration` ends). */
  amount?: number;
}

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU time (user + system) per request, in µs: unlike req/s, it holds on a busy machine. */
  cpuMicros: number | null;
}

/**
 * CPU time used so far by a process, or by its main thread only, in µs (Linux /proc; clock
 * ticks of 10 ms).
 */
export function cpuTimeMicros(
  child: ChildProcess | undefined,
  of: 'process' | 'main thread' = 'process',
): number | null {
  if (!child?.pid) return null;
  const pid = String(child.pid);
  try {
    return statCpuMicros(of === 'process' ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`);
  } catch {
    return null;
  }
}

/** User + system CPU time in a /proc `stat` file, in µs (throws when the process is gone). */
export function statCpuMicros(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Server CPU µs per answered request between two readings, when both could be read. */
export function cpuPerRequest(before: number | null, after: number | null, served: number) {
  return before === null || after === null || served === 0
    ? null
    : Math.round((after - before) / served);
}

export async function measure(scenario: Scenario): Promise<Figures> {
  const cpuBefore = cpuTimeMicros(scenario.server);
  const result = await autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: scenario.duration,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    requests: scenario.requests,
    ...(scenario.amount ? { amount: scenario.amount } : {}),
  });
  // autocannon's percentile keys: p50, p90, p97_5, p99 (p95 is not in every version).
  const latency = result.latency as unknown as Record<string, number>;
  const cpuAfter = cpuTimeMicros(scenario.server);
  const served = result.requests.total;
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: latency.p50 ?? 0,
    p95: latency.p95 ?? latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMicros: cpuPerRequest(cpuBefore, cpuAfter, served),
  };
}

export function printTable(rows: Figures[]): void {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'server CPU µs/req',
  ];
  const lines = rows.map((row) => [
    row.name,
    String(row.requestsPerSecond),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.p99.toFixed(1),
    String(row.non2xx),
    String(row.errors),
    row.cpuMicros === null ? '–' : String(row.cpuMicros),
  ]);
  printColumns(header, lines);
}

/** Prints `lines` under `header`, each column as wide as its widest cell. */
export function printColumns(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** A loopback port nothing listens on now, for a server a benchmark starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A process's resident memory in MB, now and at its peak (Linux /proc VmRSS and VmHWM), or null
 * when it cannot be read.
 */
export function rssMegabytes(pid: number | undefined): { now: number; peak: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kilobytes = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
    return {
      now: Math.round(kilobytes('VmRSS') / 1024),
      peak: Math.round(kilobytes('VmHWM') / 1024),
    };
  } catch {
    return null;
  }
}
