// `npm run bench:freeze [-- --dir bench/.data --rounds 3]`: a product's status switched to
// "Em atualização" and back on the seeded database, where products 0 and 1 hold 100 000
// subscriptions each (200 000 together). Each switch is one transaction whose statements touch
// every subscription of the product at once (DESIGN.md: set-based, never one per subscription).
// Prints per switch: the answer's latency, the subscriptions it froze or gave time back to, and
// the longest `GET /api/health` seen meanwhile (what the switch holds the event loop for); then,
// after the answer, the bell lines the change wrote to the product's active subscribers, how
// long that took, and the longest health answer meanwhile (the bell must not stall the server).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { printColumns, startChaveiro, waitUntilQuiet } from './lib.js';
import { BENCH_ADMIN, BENCH_PASSWORD, benchProductId } from './seed-ids.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/.data' },
    port: { type: 'string', default: '3904' },
    rounds: { type: 'string', default: '3' },
  },
});
const rounds = Number(values.rounds);
const server = await startChaveiro(values.dir, Number(values.port));
// Read beside the server (WAL readers never wait for it): whether a change's bell is written.
const database = new BetterSqlite3(join(values.dir, 'chaveiro.db'), {
  readonly: true,
  fileMustExist: true,
});
const bellPending = database
  .prepare(
    `select count(*) from event_deliveries
     where handler = 'notifications.product-status' and status = 'pending'`,
  )
  .pluck();
// Product status lines' ids begin with 'ps' (product-status-notices.ts): read from the key alone.
const bellLines = database
  .prepare(`select count(*) from notifications where id >= 'ps' and id < 'pt'`)
  .pluck();

async function signIn(): Promise<string> {
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: BENCH_ADMIN, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`admin login ${String(answer.status)}`);
  return ((await answer.json()) as { token: string }).token;
}

/** The longest health answer while `work` runs: how long the server could not answer. */
async function withHealthProbe<T>(work: () => Promise<T>): Promise<{ result: T; maxMs: number }> {
  let maxMs = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const sent = performance.now();
      await fetch(`${server.url}/api/health`);
      maxMs = Math.max(maxMs, performance.now() - sent);
      await new Promise((wake) => setTimeout(wake, 5));
    }
  })();
  const result = await work();
  done = true;
  await probe;
  return { result, maxMs };
}

interface Switched {
  ms: number;
  affected: number;
  givenBackMs: number;
}

/** Waits until no bell delivery is pending (the change's, recorded with it): how long it took. */
async function untilBellWritten(): Promise<number> {
  const started = performance.now();
  while ((bellPending.get() as number) > 0) await new Promise((wake) => setTimeout(wake, 20));
  return performance.now() - started;
}

async function switchTo(token: string, product: number, status: string): Promise<Switched> {
  const sent = performance.now();
  const answer = await fetch(`${server.url}/api/products/${benchProductId(product)}/operational`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ status, note: 'Benchmark' }),
  });
  const ms = performance.now() - sent;
  if (!answer.ok) throw new Error(`${status}: ${String(answer.status)} ${await answer.text()}`);
  const body = (await answer.json()) as { subscriptionsAffected: number; givenBackMs: number };
  return { ms, affected: body.subscriptionsAffected, givenBackMs: body.givenBackMs };
}

try {
  await waitUntilQuiet(server.url);
  const token = await signIn();
  const lines: string[][] = [];
  const totals = { freeze: [] as number[], back: [] as number[], bellHealth: [] as number[] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const [status, label] of [
      ['updating', 'freeze'],
      ['operational', 'give back'],
    ] as const) {
      let sum = 0;
      for (const product of [0, 1]) {
        const linesBefore = bellLines.get() as number;
        const { result, maxMs } = await withHealthProbe(() => switchTo(token, product, status));
        const bell = await withHealthProbe(untilBellWritten);
        const written = (bellLines.get() as number) - linesBefore;
        sum += result.ms;
        totals.bellHealth.push(bell.maxMs);
        lines.push([
          String(round),
          `product ${String(product)} ${label}`,
          result.affected.toLocaleString('en'),
          result.ms.toFixed(0),
          maxMs.toFixed(0),
          written.toLocaleString('en'),
          bell.result.toFixed(0),
          bell.maxMs.toFixed(0),
        ]);
      }
      (status === 'updating' ? totals.freeze : totals.back).push(sum);
    }
  }
  printColumns(
    [
      'round',
      'switch',
      'subscriptions',
      'answer ms',
      'max health ms',
      'bell lines',
      'bell ms',
      'max health ms (bell)',
    ],
    lines,
  );
  const best = (list: number[]) => Math.min(...list).toFixed(0);
  console.log(
    `200 000 subscriptions (products 0 and 1): frozen in ${best(totals.freeze)} ms, given back ` +
      `in ${best(totals.back)} ms (best of ${String(rounds)} rounds, two transactions each)`,
  );
  console.log(
    `Longest health answer while a change's bell lines were written: ` +
      `${Math.max(...totals.bellHealth).toFixed(0)} ms`,
  );
} finally {
  database.close();
  await server.stop();
}
