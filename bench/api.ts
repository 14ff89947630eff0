// `npm run bench:api [-- --dir bench/.data --duration 10 --connections 1]`: the admin screens' hot
// calls against a seeded database (DESIGN.md budgets: metrics p99 ≤ 5 ms, paged lists and search
// p95 ≤ 20 ms, the 90-day analytics p95 ≤ 20 ms at one connection). In a closed loop of N connections a call waits for the N - 1 before it, so
// `--connections 1` gives one call's own latency, the default 10 that of ten busy admins.
import { parseArgs } from 'node:util';
import {
  BENCH_ADMIN,
  BENCH_PASSWORD,
  BENCH_RESELLER,
  benchProductId,
  benchUserId,
} from './seed-ids.js';
import {
  freePort,
  measure,
  printTable,
  rssMegabytes,
  startChaveiro,
  startProcess,
  waitUntilQuiet,
  type Figures,
} from './lib.js';
import { saoPauloDay } from './seed-history.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/.data' },
    duration: { type: 'string', default: '10' },
    /** A free one by default: two benches, or a bench beside a server, never share one. */
    port: { type: 'string' },
    /** Every scenario over this many connections instead of its own. */
    connections: { type: 'string' },
    /** Only the scenarios whose name contains this text. */
    only: { type: 'string' },
    /** Writes a V8 CPU profile of the server to bench/.profiles for chrome://inspect. */
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);

const server = await startChaveiro(
  values.dir,
  values.port ? Number(values.port) : await freePort(),
  {},
  values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir=bench/.profiles'] : [],
);
async function bearer(identifier: string): Promise<Record<string, string>> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier, password: BENCH_PASSWORD }),
  });
  if (!login.ok)
    throw new Error(`${identifier} login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Budgets checked after the table (DESIGN.md for the analytics). */
const BUDGETS: { scenario: string; percentile: 'p95' | 'p99'; ms: number }[] = [
  { scenario: 'metrics (1 admin tab)', percentile: 'p99', ms: 5 },
  { scenario: 'analytics 90 days', percentile: 'p95', ms: 20 },
];
/**
 * DESIGN.md: every analytics answer and any page of any list costs the server at most this many
 * times bare Fastify hello's CPU per request, measured in the same run.
 */
const CPU_BUDGET_RATIO = 20;
/** DESIGN.md: the server's resident memory under this bench. */
const RSS_BUDGET_MB = 300;

try {
  const waited = await waitUntilQuiet(server.url);
  if (waited > 2_000) console.log(`waited ${String(waited)} ms for the server's first jobs`);
  const headers = await bearer(BENCH_ADMIN);
  const reseller = await bearer(BENCH_RESELLER);
  const today = Date.now();
  const yearAgo = saoPauloDay(today - 364 * 86_400_000);
  // Subscription 1234 is this user's (and bound machine 617); a fourth of the keys are redeemed.
  const customer = benchUserId(1234);
  const scenarios: [string, string, number, Record<string, string>?][] = [
    ['metrics (1 admin tab)', '/api/dashboard/metrics', 1],
    ['metrics (10 connections)', '/api/dashboard/metrics', 10],
    ['users page 1', '/api/users?page=1', 10],
    ['users page 2000', '/api/users?page=2000', 10],
    ['users search "user1234"', '/api/users?q=user1234', 10],
    ['keys page 1', '/api/keys?page=1', 10],
    ['keys status=used', '/api/keys?status=used&page=3', 10],
    ['users sorted by balance, page 2000', '/api/users?sort=balance:desc&page=2000', 10],
    ['users by username, page 2000', '/api/users?sort=username:asc&page=2000', 10],
    ['users by status, page 2000', '/api/users?sort=status:asc&page=2000', 10],
    ['users role+status filter', '/api/users?role=client&status=active&page=2000', 10],
    ['users admins banned (rare filter)', '/api/users?role=admin&status=banned', 10],
    [
      'keys product+status sorted',
      `/api/keys?productId=${benchProductId(3)}&status=active&sort=status:asc`,
      10,
    ],
    ['keys by product, page 20000', '/api/keys?sort=product:asc&page=20000', 10],
    ['keys by status, page 20000', '/api/keys?sort=status:desc&page=20000', 10],
    ['resellers by balance', '/api/resellers?sort=balance:desc', 10],
    ['activity page 1', '/api/activity?page=1', 10],
    ['work queues (1 admin tab)', '/api/admin/queues', 1],
    ['palette search "us" (short prefix)', '/api/admin/search?q=us', 1],
    ['palette search "user1234"', '/api/admin/search?q=user1234', 1],
    ['activity page 1 (1 connection)', '/api/activity?page=1', 1],
    // The deepest page offset paging serves (ACTIVITY_LIMITS.maxOffsetRows).
    ['activity deep page', '/api/activity?page=500&pageSize=20', 1],
    ['activity type filter', '/api/activity?type=deposit.paid&page=3', 1],
    ['activity subject=<user>', `/api/activity?subject=${benchUserId(4242)}`, 1],
    [
      'activity actor + range',
      `/api/activity?actorId=${benchUserId(0)}&from=2026-03-01&to=2026-06-30`,
      1,
    ],
    // The customer page (/admin/users/:id) of a seeded client with subscriptions, a bound
    // machine and redeemed keys: its head, then each section it loads beside it.
    ['customer page', `/api/users/${customer}/overview`, 1],
    ['customer page: ledger', `/api/users/${customer}/ledger`, 1],
    ['customer page: deposits', `/api/users/${customer}/deposits`, 1],
    ['customer page: orders', `/api/users/${customer}/orders`, 1],
    ['customer page: redeemed keys', `/api/users/${customer}/redeemed-keys`, 1],
    ['customer page: tickets', `/api/users/${customer}/tickets`, 1],
    // The dashboard's analytics over a year of rollups: O(days) rows per series.
    ['analytics 90 days', '/api/analytics?period=90', 1],
    ['analytics 7 days', '/api/analytics?period=7', 1],
    ['analytics custom 365 days', `/api/analytics?from=${yearAgo}&to=${saoPauloDay(today)}`, 1],
    ['analytics expiring', '/api/analytics/expiring', 1],
    ['reseller analytics 90 days', '/api/reseller/analytics?period=90', 1, reseller],
  ];
  const rows: Figures[] = [];
  const only = values.only;
  for (const [name, path, connections, as] of scenarios) {
    if (only && !name.includes(only)) continue;
    rows.push(
      await measure({
        name,
        url: `${server.url}${path}`,
        connections: values.connections ? Number(values.connections) : connections,
        duration,
        headers: as ?? headers,
        server: server.child,
      }),
    );
  }
  // Bare Fastify hello at one connection: the CPU a request costs that does nothing.
  const hello = await startProcess('bench/hello-server.mjs', await freePort(), '/');
  let helloCpu: number | null = null;
  try {
    const helloRow = await measure({
      name: 'bare Fastify hello (1 connection)',
      url: `${hello.url}/`,
      connections: 1,
      duration,
      server: hello.child,
    });
    rows.unshift(helloRow);
    helloCpu = helloRow.cpuMicros;
  } finally {
    await hello.stop();
  }
  printTable(rows);
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
  if (helloCpu) {
    const over = rows
      .slice(1)
      .filter((row) => !row.name.startsWith('metrics'))
      .map((row) => ({ row, ratio: (row.cpuMicros ?? Infinity) / helloCpu }));
    console.log(
      `server CPU per request ≤ ${String(CPU_BUDGET_RATIO)} × bare hello's (${String(helloCpu)} µs), lists and analytics:`,
    );
    for (const { row, ratio } of over) {
      console.log(`  ${row.name}: ${ratio.toFixed(1)} × — ${verdict(ratio <= CPU_BUDGET_RATIO)}`);
    }
  }
  const rss = rssMegabytes(server.child.pid);
  if (rss) {
    console.log(
      `server RSS ${String(rss.now)} MB, peak ${String(rss.peak)} MB (budget ≤ ${String(RSS_BUDGET_MB)} MB): ${verdict(rss.peak <= RSS_BUDGET_MB)}`,
    );
  }
  for (const budget of BUDGETS) {
    const row = rows.find((figures) => figures.name === budget.scenario);
    if (!row) continue;
    const value = row[budget.percentile];
    // No answer within the run (a busy server) is no figure: it fails the budget.
    const within =
      row.requestsPerSecond > 0 && value <= budget.ms && row.non2xx === 0 && row.errors === 0;
    console.log(
      `budget: ${budget.scenario} ${budget.percentile} ${value.toFixed(1)} ms ≤ ${String(budget.ms)} ms` +
        ` at ${String(values.connections ?? 'its own')} connection(s): ${within ? 'ok' : 'OVER'}`,
    );
  }
} finally {
  await server.stop();
}
