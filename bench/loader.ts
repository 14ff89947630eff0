// `npm run bench:loader [-- --dir bench/.data --duration 10 --connections 256 --rate 1000,2000]`
// `npm run bench:loader -- --nodes 2 --redis`: one process against two, see bench/loader-nodes.ts.
// The loader's hot paths on a seeded SQLite database next to a bare Fastify "hello" route measured
// in the same run (DESIGN.md: heartbeat ≥ 25 % of hello; at half its throughput over 256
// connections, p99 ≤ 5 × bare Fastify POST's p99 at the same rate), then
// the heartbeat's latency over 256 connections at a quarter, half and three quarters of the
// throughput just measured (or at the --rate values), requests arriving at random, each rate
// --repeat times (median p99 reported), alternating with bare Fastify's POST at the same rate: the
// latency this machine and generator give a route that does nothing.
import { randomBytes } from 'node:crypto';
import { setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { systemClock } from '../apps/server/src/platform/core/clock.js';
import { createLoaderSessions } from '../apps/server/src/modules/loader/loader-sessions.js';
import {
  freePort,
  measure,
  printTable,
  rssMegabytes,
  startChaveiro,
  startProcess,
  type Figures,
} from './lib.js';
import {
  benchHwid,
  benchMachineId,
  benchProductId,
  benchSubscriptionId,
  benchUserId,
} from './seed-ids.js';
import { measureOpenLoop, type OpenLoopFigures } from './open-loop.js';
import { keyFor, readSeedParams, seedShape } from './seed-shape.js';
import { runNodesBench } from './loader-nodes.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/.data' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '256' },
    sessions: { type: 'string', default: '20000' },
    /** Runs only the scenarios whose name contains this text (the hello baseline always runs). */
    only: { type: 'string' },
    /** The paced heartbeat runs' rates in req/s, comma-separated (default: see LOAD_SHARES). */
    rate: { type: 'string' },
    /** Paced runs per rate; the run with the median p99 is reported (this VM is noisy). */
    repeat: { type: 'string', default: '3' },
    /** Writes a V8 CPU profile of the server to bench/.profiles for chrome://inspect. */
    'cpu-prof': { type: 'boolean', default: false },
    /** Compares the heartbeat of this many processes (WORKERS) with one's, in one run. */
    nodes: { type: 'string' },
    /** With --nodes: shared state in a throwaway Redis (Debian's redis-server), as in production. */
    redis: { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
/** The paced runs' loads, as shares of the heartbeat's closed-loop throughput in this run. */
const LOAD_SHARES = [0.25, 0.5, 0.75];
/** A pause before each paced run, so it starts on a quiet server (presence written, WAL checkpointed). */
const SETTLE_MS = 2_000;
/** DESIGN.md: the heartbeat's throughput as a share of bare Fastify hello's. */
const THROUGHPUT_BUDGET_PERCENT = 25;
/**
 * DESIGN.md: heartbeat p99 ≤ this many times bare Fastify POST's p99 at the same rate, by the
 * paced run's share of the heartbeat's throughput (a quarter has no budget).
 */
const P99_BUDGET_RATIOS = new Map([
  [0.5, 5],
  [0.75, 10],
]);
/** DESIGN.md: the server's resident memory under this bench. */
const RSS_BUDGET_MB = 300;
const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';

const params = readSeedParams(values.dir);

interface Paced {
  /** The run with the median p99. */
  median: OpenLoopFigures;
  p99s: number[];
}

function medianByP99(runs: OpenLoopFigures[]): Paced {
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no paced run');
  return { median, p99s: sorted.map((run) => run.p99) };
}
const shape = seedShape(params);
const nonce = () => randomBytes(16).toString('base64url');

/**
 * Sessions for machines whose subscription runs (see seed-shape.ts), minted with the server's
 * own token code and secret, as `POST /api/loader/auth` would issue them. Many distinct
 * sessions keep each machine under its heartbeat rate limit, as real loaders are.
 */
function mintSessions(count: number): string[] {
  const sessions = createLoaderSessions(JWT_SECRET, systemClock);
  const tokens: string[] = [];
  for (let machine = 0; tokens.length < count; machine += 1) {
    const subscription = shape.subscriptionOfMachine(machine);
    if (subscription >= params.subscriptions) throw new Error('not enough seeded machines');
    const user = shape.userOfSubscription(subscription);
    if (!shape.runningSubscription(subscription) || shape.bannedUser(user)) continue;
    tokens.push(
      sessions.issue({
        machineId: benchMachineId(machine),
        subscriptionId: benchSubscriptionId(subscription),
        userId: benchUserId(user),
        productId: benchProductId(shape.productOfSubscription(subscription)),
        tokenVersion: 0,
      }).token,
    );
  }
  return tokens;
}

/**
 * Redeemed keys whose owner's subscription for the key's product runs and already has the
 * machine the request names bound: auth by key succeeds for each.
 */
function redeemedRunningKeys(count: number) {
  const found: { key: string; product: number; hwid: string }[] = [];
  for (let n = 0; n < params.keys && found.length < count; n += 1) {
    const user = shape.keyRedeemedBy(n);
    if (user === null || shape.bannedUser(user)) continue;
    const product = shape.keyProduct(n);
    const subscription = user + product * params.users;
    if (subscription >= params.subscriptions || subscription % 2 !== 0) continue;
    if (!shape.runningSubscription(subscription)) continue;
    found.push({ key: keyFor(n), product, hwid: benchHwid(subscription) });
  }
  if (found.length === 0) throw new Error('no usable keys in the seeded database');
  return found;
}

/** One request template whose body changes on every send: next session, fresh nonce. */
function rotating(
  path: string,
  body: (n: number) => object,
  headers: () => Record<string, string> = () => ({}),
): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      path,
      setupRequest: (request) => ({
        ...request,
        headers: { 'content-type': 'application/json', ...headers() },
        body: JSON.stringify(body(n++)),
      }),
    },
  ];
}

/** A random client address, as a proxy in front of the server would forward it. */
const forwardedFor = () => ({
  'x-forwarded-for': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
});
const randomOctet = () => String(Math.floor(Math.random() * 256));

if (values.nodes) {
  const tokens = mintSessions(Number(values.sessions));
  await runNodesBench({
    dir: values.dir,
    nodes: Number(values.nodes),
    redis: values.redis,
    jwtSecret: JWT_SECRET,
    duration,
    connections,
    sessions: tokens.length,
    heartbeatBody: (n) => ({ session: tokens[n % tokens.length], nonce: nonce() }),
  });
  process.exit(0);
}

const hello = await startProcess('bench/hello-server.mjs', await freePort(), '/');
const chaveiro = await startChaveiro(
  values.dir,
  await freePort(),
  {
    JWT_SECRET,
    // The auth scenario plays many players behind one proxy: trust the loopback proxy's header.
    TRUST_PROXY: '127.0.0.1',
  },
  values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir=bench/.profiles'] : [],
);
try {
  const tokens = mintSessions(Number(values.sessions));
  const usedKeys = redeemedRunningKeys(5000);
  /** The n-th heartbeat: the sessions in turn, each with a fresh nonce. */
  const heartbeatBody = (n: number) => ({ session: tokens[n % tokens.length], nonce: nonce() });
  const heartbeats = () => rotating('/api/loader/heartbeat', heartbeatBody);
  // A loader sends one session token for half its lifetime (15 heartbeats), and the server
  // verifies it once: one unmeasured heartbeat per session first gives the steady state.
  await measure({
    name: 'warm-up',
    url: chaveiro.url,
    connections: 64,
    duration: 60,
    amount: tokens.length,
    requests: heartbeats(),
  });
  const rows: Figures[] = [];
  rows.push(
    await measure({
      name: 'bare Fastify hello',
      url: `${hello.url}/`,
      connections,
      duration,
      server: hello.child,
    }),
  );
  const scenarios = [
    {
      name: 'POST /api/loader/heartbeat',
      url: chaveiro.url,
      server: chaveiro.child,
      connections,
      duration,
      requests: heartbeats(),
    },
    {
      name: 'POST /api/loader/auth (key)',
      url: chaveiro.url,
      server: chaveiro.child,
      connections: 32,
      duration,
      requests: rotating(
        '/api/loader/auth',
        (n) => {
          const key = usedKeys[n % usedKeys.length]!;
          return {
            productId: benchProductId(key.product),
            hwid: key.hwid,
            nonce: nonce(),
            key: key.key,
          };
        },
        forwardedFor,
      ),
    },
  ];
  for (const scenario of scenarios) {
    if (values.only && !scenario.name.includes(values.only)) continue;
    rows.push(await measure(scenario));
  }
  // Latency under load: 256 connections carrying a given rate, requests arriving at random as
  // independent loaders send them (a closed loop of 256 only measures its own queue).
  const heartbeat = rows.find((row) => row.name === 'POST /api/loader/heartbeat');
  const rates = values.rate
    ? values.rate.split(',').map(Number)
    : heartbeat
      ? LOAD_SHARES.map((share) => Math.round(heartbeat.requestsPerSecond * share))
      : [];
  /** Per rate: the heartbeat's runs and bare Fastify's POST at the same rate (the floor). */
  const paced: { heartbeat: Paced; floor: Paced }[] = [];
  if (!values.only || 'heartbeat paced'.includes(values.only)) {
    if (rates.length === 0) throw new Error('--rate is needed when the closed-loop run is skipped');
    // The generator stands in for loaders on other machines, yet shares this one's 2 cores: at
    // the lowest priority it no longer preempts the server for milliseconds at a time, which
    // the server's tail latency would otherwise show. The closed-loop runs above keep theirs.
    setPriority(19);
    const run = async (name: string, server: typeof chaveiro, path: string, rate: number) => {
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      return measureOpenLoop({
        name,
        url: server.url,
        server: server.child,
        path,
        body: heartbeatBody,
        rate,
        connections,
        duration,
      });
    };
    for (const rate of rates) {
      const heartbeatRuns: OpenLoopFigures[] = [];
      const floorRuns: OpenLoopFigures[] = [];
      // Alternated, so a noisy minute of this VM falls on both.
      for (let repeat = 0; repeat < Number(values.repeat); repeat += 1) {
        heartbeatRuns.push(
          await run(
            `POST /api/loader/heartbeat at ${String(rate)} req/s`,
            chaveiro,
            '/api/loader/heartbeat',
            rate,
          ),
        );
        floorRuns.push(await run(`bare Fastify POST at ${String(rate)} req/s`, hello, '/', rate));
      }
      paced.push({ heartbeat: medianByP99(heartbeatRuns), floor: medianByP99(floorRuns) });
    }
  }
  printTable([
    ...rows,
    ...paced.flatMap(({ heartbeat, floor }) => [heartbeat.median, floor.median]),
  ]);
  const base = rows[0];
  /** `part` as a whole percentage of `whole`'s throughput. */
  const percentOf = (part: Figures, whole: Figures) =>
    ((part.requestsPerSecond / whole.requestsPerSecond) * 100).toFixed(0);
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
  if (base && heartbeat) {
    const percent = (heartbeat.requestsPerSecond / base.requestsPerSecond) * 100;
    console.log(
      `\nheartbeat = ${percentOf(heartbeat, base)} % of bare Fastify (budget ≥ ${String(THROUGHPUT_BUDGET_PERCENT)} %): ${verdict(percent >= THROUGHPUT_BUDGET_PERCENT)}`,
    );
  }
  for (const [index, { heartbeat: measured, floor }] of paced.entries()) {
    const ratio = measured.median.p99 / floor.median.p99;
    const budget = values.rate ? undefined : P99_BUDGET_RATIOS.get(LOAD_SHARES[index] ?? 0);
    const row = measured.median;
    const shares = [
      heartbeat && `${percentOf(row, heartbeat)} % of its throughput`,
      base && `${percentOf(row, base)} % of hello's`,
    ].filter(Boolean);
    const load = shares.length > 0 ? ` (${shares.join(', ')})` : '';
    console.log(
      `${row.name}${load} over ${String(connections)} connections: p99 ${String(row.p99)} ms, median of ${measured.p99s.join(' / ')}\n` +
        `  bare Fastify POST at the same rate: p99 ${String(floor.median.p99)} ms, median of ${floor.p99s.join(' / ')}; heartbeat = ${ratio.toFixed(1)} ×${budget === undefined ? '' : ` (budget ≤ ${String(budget)} ×): ${verdict(ratio <= budget)}`}\n` +
        `  server CPU ${String(row.cpuMicros)} µs/req (event loop ${String(row.mainThreadCpuMicros)}; bare Fastify ${String(floor.median.mainThreadCpuMicros)}), load generator ${String(row.generatorCpuMicros)} µs/req`,
    );
  }
  const rss = rssMegabytes(chaveiro.child.pid);
  if (rss) {
    console.log(
      `server RSS ${String(rss.now)} MB, peak ${String(rss.peak)} MB (budget ≤ ${String(RSS_BUDGET_MB)} MB): ${verdict(rss.peak <= RSS_BUDGET_MB)}`,
    );
  }
} finally {
  await Promise.all([hello.stop(), chaveiro.stop()]);
}
