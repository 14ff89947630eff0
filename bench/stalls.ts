// `npm run bench:stalls [-- --dir bench/.data --seconds 180 --every 20]`
// Does anything stall the event loop? An idle server on the seeded database (its periodic jobs,
// cache refreshes and background work running as in production) answers `GET /api/health` every
// 20 ms for 3 minutes, each probe sent on schedule whether or not the one before has answered.
// DESIGN.md: p99.9 ≤ 5 × p50 and max ≤ 25 × p50. Also prints when the slow answers came (a job's
// period shows in their spacing) and the server's RSS, and with --cpu-prof writes a V8 profile of
// the server to bench/.profiles.
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import {
  freePort,
  printColumns,
  rssMegabytes,
  startChaveiro,
  startProcess,
  waitUntilQuiet,
} from './lib.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/.data' },
    seconds: { type: 'string', default: '180' },
    every: { type: 'string', default: '20' },
    'cpu-prof': { type: 'boolean', default: false },
    /** Probes bare Fastify's GET / this long first, the floor of this machine and client. */
    'baseline-seconds': { type: 'string', default: '60' },
  },
});
const seconds = Number(values.seconds);
const everyMs = Number(values.every);
/** DESIGN.md: p99.9 and max of the probe as multiples of its p50. */
const P999_BUDGET_RATIO = 5;
const MAX_BUDGET_RATIO = 25;
/** An answer this many times the median is listed with the second it came at. */
const SLOW_RATIO = 10;

const baselineSeconds = Number(values['baseline-seconds']);
let floor: Tail | undefined;
if (baselineSeconds > 0) {
  const hello = await startProcess('bench/hello-server.mjs', await freePort(), '/');
  try {
    console.log(
      `bare Fastify GET /, probed for ${String(baselineSeconds)} s (this machine's floor):`,
    );
    floor = report(await probe(hello.url, '/', baselineSeconds * 1000, everyMs), hello.child.pid);
  } finally {
    await hello.stop();
  }
}

const port = 3900 + Math.floor(Math.random() * 100);
const server = await startChaveiro(
  values.dir,
  port,
  { JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789' },
  values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir=bench/.profiles'] : [],
);
try {
  const waited = await waitUntilQuiet(server.url);
  console.log(
    `server quiet after ${String(Math.round(waited / 1000))} s; probing for ${String(seconds)} s`,
  );
  const probes = await probe(server.url, '/api/health', seconds * 1000, everyMs);
  const tail = report(probes, server.child.pid);
  if (floor) {
    console.log(
      `against bare Fastify in this run: p99.9 ${(tail.p999 / floor.p999).toFixed(1)} × its p99.9, max ${(tail.max / floor.max).toFixed(1)} × its max`,
    );
  }
} finally {
  await server.stop();
}

interface Probe {
  /** Seconds since the first probe was due. */
  at: number;
  ms: number;
}

/** Sends a GET of `path` every `everyMs` on schedule (open loop), timed from when it was due. */
async function probe(
  url: string,
  path: string,
  durationMs: number,
  everyMs: number,
): Promise<Probe[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(url);
  const probes: Promise<Probe>[] = [];
  const start = performance.now();
  for (let index = 0; index * everyMs < durationMs; index++) {
    const due = start + index * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    probes.push(
      new Promise<Probe>((resolve, reject) => {
        const sent = request({ agent, hostname, port, path, method: 'GET' }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) {
              reject(new Error(`${path} answered ${String(response.statusCode)}`));
            } else {
              resolve({ at: (due - start) / 1000, ms: performance.now() - due });
            }
          });
        });
        sent.on('error', reject);
        sent.end();
      }),
    );
  }
  const all = await Promise.all(probes);
  agent.destroy();
  return all;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

interface Tail {
  p50: number;
  p999: number;
  max: number;
}

function report(probes: Probe[], pid: number | undefined): Tail {
  const sorted = probes.map((one) => one.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  const p999 = percentile(sorted, 0.999);
  const max = sorted.at(-1) ?? 0;
  const rss = rssMegabytes(pid);
  printColumns(
    ['probes', 'p50 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'RSS MB (peak)'],
    [
      [
        String(probes.length),
        p50.toFixed(2),
        p99.toFixed(2),
        p999.toFixed(2),
        max.toFixed(2),
        rss ? `${String(rss.now)} (${String(rss.peak)})` : '–',
      ],
    ],
  );
  const slow = probes.filter((one) => one.ms > SLOW_RATIO * p50);
  console.log(
    slow.length === 0
      ? `no answer over ${String(SLOW_RATIO)} × p50`
      : `answers over ${String(SLOW_RATIO)} × p50 (s: ms): ${slow
          .slice(0, 40)
          .map((one) => `${one.at.toFixed(1)}: ${one.ms.toFixed(0)}`)
          .join(', ')}`,
  );
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
  console.log(
    `budget p99.9 ≤ ${String(P999_BUDGET_RATIO)} × p50: ${(p999 / p50).toFixed(1)} × — ${verdict(p999 <= P999_BUDGET_RATIO * p50)}`,
  );
  console.log(
    `budget max ≤ ${String(MAX_BUDGET_RATIO)} × p50: ${(max / p50).toFixed(1)} × — ${verdict(max <= MAX_BUDGET_RATIO * p50)}`,
  );
  return { p50, p999, max };
}
