// `npm run bench:redeem [-- --dir bench/.data --amount 300]`: one customer's key redeem alone
// (`--connections 1`) on the seeded database: `POST /api/client/redeem-key` with a fresh,
// unredeemed key each time. Its latency is what the work before the answer costs (DESIGN.md: a
// redeem commits at most 3 transactions before answering; event handlers run after it).
//
// Each call redeems a real key, so the seed changes: every run starts at a random place among
// the ~750 000 unused keys and a key another run took answers 4xx (reported, not timed apart).
// The redeem limits (per account and per address) are real: the run spreads its calls over
// enough customers, each from an address of its own behind a trusted proxy.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { measure, printTable, startChaveiro, waitUntilQuiet } from './lib.js';
import { BENCH_PASSWORD } from './seed-ids.js';
import { keyFor, readSeedParams, seedShape } from './seed-shape.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/.data' },
    port: { type: 'string', default: '3903' },
    /** Redeems in the run. */
    amount: { type: 'string', default: '300' },
  },
});
const amount = Number(values.amount);
/** The route's own limits: 10 per account and 30 per address every 10 minutes. */
const PER_ACCOUNT = 10;

const params = readSeedParams(values.dir);
const shape = seedShape(params);
const server = await startChaveiro(values.dir, Number(values.port), {
  TRUST_PROXY: '127.0.0.1',
});

/** Customers able to redeem: active clients (no admin, reseller or banned account). */
function customers(count: number): number[] {
  const found: number[] = [];
  for (let u = randomInt(1, params.users - count * 2); found.length < count; u += 1) {
    if (!shape.isReseller(u) && shape.bannedUser(u % params.users) === false) found.push(u);
  }
  return found;
}

/** Keys nobody redeemed or banned in the seed, from a random place on. */
function unusedKeys(count: number): string[] {
  const found: string[] = [];
  for (let n = randomInt(0, params.keys - count * 8); found.length < count; n += 1) {
    if (shape.keyRedeemedBy(n) === null && !shape.keyBanned(n)) found.push(keyFor(n));
  }
  return found;
}

let address = randomInt(1, 200);
const nextAddress = () => `10.${String(address++ % 250)}.${String(randomInt(250))}.7`;

async function signIn(user: number): Promise<string> {
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ identifier: `user${String(user)}`, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`user${String(user)}: login ${String(answer.status)}`);
  return ((await answer.json()) as { token: string }).token;
}

try {
  await waitUntilQuiet(server.url);
  const tokens: string[] = [];
  for (const user of customers(Math.ceil(amount / PER_ACCOUNT))) tokens.push(await signIn(user));
  const keys = unusedKeys(amount);
  let sent = 0;
  const figures = await measure({
    name: 'redeem a key (1 connection)',
    url: `${server.url}/api/client/redeem-key`,
    connections: 1,
    duration: 600,
    amount,
    server: server.child,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = sent++;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[Math.floor(n / PER_ACCOUNT) % tokens.length] ?? ''}`,
              'x-forwarded-for': nextAddress(),
            },
            body: JSON.stringify({ keyValue: keys[n % keys.length] }),
          };
        },
      },
    ],
  });
  printTable([figures]);
  console.log(
    `redeem p95 ${figures.p95.toFixed(1)} ms over ${String(amount)} redeems at --connections 1` +
      ` (${String(figures.non2xx)} non-2xx: keys an earlier run took)`,
  );
} finally {
  await server.stop();
}
