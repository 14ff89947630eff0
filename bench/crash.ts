// `npm run check:crash [-- --cycles 20 --workers 12 --seed 1 --keep]`
// kill -9 under write load: starts the built server on a temp data folder (SQLite; PostgreSQL
// when TEST_DATABASE_URL or DATABASE_URL is set, in a fresh database), drives concurrent writes
// that touch money and keys (accounts, key batches, redemptions, balance adjustments, shop and
// reseller purchases, deposits approved, profile renames), SIGKILLs the process at a random
// moment, restarts it on the same data and checks that every acknowledged (2xx) write is there
// and consistent: balances equal their ledgers, each ledger holds every acknowledged movement and
// nothing but acknowledged or unanswered ones, a used key ↔ its redeemer's subscription. Every
// cycle re-checks everything acknowledged since the start. Exits 1 on any loss or 5xx.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ADMIN,
  PASSWORD,
  fakeIp,
  nextFakeIp,
  inBatches,
  login,
  openReader,
  postgresUrl,
  seededRandom,
  send,
  serverErrorReport,
  sleep,
  startServer,
  type Answer,
  type CheckServer,
  type Outgoing,
  type Target,
  withTarget,
} from './check-lib.js';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    workers: { type: 'string', default: '12' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    /** The kill comes this many ms after the load starts, at random in [min, max]. */
    'kill-min': { type: 'string', default: '300' },
    'kill-max': { type: 'string', default: '2500' },
    keep: { type: 'boolean', default: false },
  },
});
const CYCLES = Number(values.cycles);
const WORKERS = Number(values.workers);
const SEED = Number(values.seed);
const random = seededRandom(SEED);

const CLIENTS = 24;
const RESELLERS = 6;
const PRICES = { daily: 1, weekly: 4, monthly: 10 };

interface Account {
  id: string;
  username: string;
  token: string;
  /** One rename at a time per account, so "the last acknowledged name" is well defined. */
  busy: boolean;
}

/** Everything the server acknowledged, and what it was asked but never answered. */
const ledger = {
  users: new Map<string, string>(),
  keys: new Set<string>(),
  /** Acknowledged keys nobody has tried to redeem yet. */
  freshKeys: [] as string[],
  redeemed: new Map<string, string>(),
  /** Per account, cents moved: acknowledged, and sent without an answer. */
  acked: new Map<string, number[]>(),
  unanswered: new Map<string, number[]>(),
  subscriptions: new Set<string>(),
  deposits: new Map<string, { userId: string; cents: number }>(),
  /** Per account, the last acknowledged name and the names sent since without an answer. */
  names: new Map<string, { acked: string; unanswered: string[] }>(),
  resellerKeys: new Map<string, string>(),
};
let acknowledged = 0;
const failures: string[] = [];
const anomalies = new Map<string, number>();
let killed = false;

function push(map: Map<string, number[]>, userId: string, cents: number) {
  const list = map.get(userId) ?? [];
  list.push(cents);
  map.set(userId, list);
}

function note(kind: string) {
  anomalies.set(kind, (anomalies.get(kind) ?? 0) + 1);
}

let server: CheckServer;
let adminToken = '';
let productId = '';
const clients: Account[] = [];
const resellers: Account[] = [];

/**
 * Sends one write. `ok`: the server answered 2xx (acknowledged). `lost`: no answer (the kill
 * came first), outcome unknown. A 5xx is a failure; other statuses are returned for the caller.
 */
async function write(outgoing: Outgoing): Promise<{ ok: boolean; lost: boolean; answer?: Answer }> {
  try {
    const answer = await send(server.url, {
      ip: nextFakeIp(),
      ...outgoing,
      timeoutMs: 30_000,
    });
    if (answer.status >= 500) {
      // A 5xx while the process is being killed cannot be told from a real one; report both.
      failures.push(
        `${outgoing.method} ${outgoing.path} ${String(outgoing.body ?? JSON.stringify(outgoing.json ?? ''))} → ${answer.status} ${answer.text.slice(0, 200)}`,
      );
    }
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok) acknowledged += 1;
    return { ok, lost: false, answer };
  } catch {
    return { ok: false, lost: true };
  }
}

const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

const operations: [number, () => Promise<void>][] = [
  [
    1,
    async () => {
      const username = unique('u');
      const result = await write({
        method: 'POST',
        path: '/api/users',
        token: adminToken,
        json: { username, email: `${username}@example.com`, password: PASSWORD },
      });
      if (result.ok) ledger.users.set((result.answer?.body as { id: string }).id, username);
    },
  ],
  [
    3,
    async () => {
      const result = await write({
        method: 'POST',
        path: '/api/keys',
        token: adminToken,
        json: { productId, days: 7, quantity: random.int(1, 5) },
      });
      if (!result.ok) return;
      for (const key of (result.answer?.body as { keys: string[] }).keys) {
        ledger.keys.add(key);
        ledger.freshKeys.push(key);
      }
    },
  ],
  [
    4,
    async () => {
      const key = ledger.freshKeys.shift();
      if (!key) return;
      const client = random.pick(clients);
      const result = await write({
        method: 'POST',
        path: '/api/client/redeem-key',
        token: client.token,
        json: { keyValue: key },
      });
      if (result.ok) ledger.redeemed.set(key, client.id);
      else if (!result.lost && result.answer?.status !== 429)
        note(`redeem → ${result.answer?.status}`);
    },
  ],
  [
    3,
    async () => {
      const reseller = random.pick(resellers);
      const cents = random.pick([1, -1]) * random.int(1, 5000);
      const result = await write({
        method: 'PATCH',
        path: `/api/resellers/${reseller.id}/balance`,
        token: adminToken,
        json: { amount: cents / 100 },
      });
      if (result.ok) push(ledger.acked, reseller.id, cents);
      else if (result.lost) push(ledger.unanswered, reseller.id, cents);
    },
  ],
  [
    3,
    async () => {
      const reseller = random.pick(resellers);
      const result = await write({
        method: 'POST',
        path: '/api/shop/purchase',
        token: reseller.token,
        json: { productId, durationType: 'daily' },
      });
      const cents = -PRICES.daily * 100;
      if (result.ok) {
        push(ledger.acked, reseller.id, cents);
        ledger.subscriptions.add(
          (result.answer?.body as { subscription_id: string }).subscription_id,
        );
      } else if (result.lost) push(ledger.unanswered, reseller.id, cents);
    },
  ],
  [
    2,
    async () => {
      const reseller = random.pick(resellers);
      const quantity = random.int(1, 3);
      const result = await write({
        method: 'POST',
        path: '/api/reseller/keys',
        token: reseller.token,
        json: { productId, durationType: 'weekly', quantity },
      });
      const cents = -PRICES.weekly * 100 * quantity;
      if (result.ok) {
        push(ledger.acked, reseller.id, cents);
        for (const key of (result.answer?.body as { keys: string[] }).keys) {
          ledger.resellerKeys.set(key, reseller.id);
        }
      } else if (result.lost) push(ledger.unanswered, reseller.id, cents);
    },
  ],
  [
    2,
    async () => {
      const client = random.pick(clients);
      const cents = random.int(5, 200) * 100;
      const opened = await write({
        method: 'POST',
        path: '/api/deposits',
        token: client.token,
        json: { amount: cents / 100 },
      });
      if (!opened.ok) return;
      const id = (opened.answer?.body as { deposit: { id: string } }).deposit.id;
      const approved = await write({
        method: 'POST',
        path: `/api/admin/deposits/${id}/approve`,
        token: adminToken,
      });
      if (approved.ok) {
        push(ledger.acked, client.id, cents);
        ledger.deposits.set(id, { userId: client.id, cents });
      } else if (approved.lost) push(ledger.unanswered, client.id, cents);
    },
  ],
  [
    2,
    async () => {
      const client = clients.find((account) => !account.busy && random.next() < 0.3);
      if (!client) return;
      client.busy = true;
      const username = unique('n');
      const names = ledger.names.get(client.id) ?? { acked: client.username, unanswered: [] };
      ledger.names.set(client.id, names);
      const result = await write({
        method: 'PATCH',
        path: '/api/profile',
        token: client.token,
        json: { username },
      });
      if (result.ok) {
        names.acked = username;
        names.unanswered = [];
        client.username = username;
        const token = (result.answer?.body as { token?: string }).token;
        if (token) client.token = token;
      } else if (result.lost) names.unanswered.push(username);
      client.busy = false;
    },
  ],
];
const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);

function pickOperation() {
  let roll = random.next() * totalWeight;
  for (const [weight, operation] of operations) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return operations[0]![1];
}

async function worker() {
  while (!killed) await pickOperation()();
}

async function setUp() {
  adminToken = await login(server.url, ADMIN.username, ADMIN.password, fakeIp(1));
  const product = await send(server.url, {
    method: 'POST',
    path: '/api/products',
    token: adminToken,
    json: { name: 'Produto crash', description: 'kill -9', plans: PRICES },
  });
  productId = (product.body as { product: { id: string } }).product.id;
  await send(server.url, {
    method: 'PATCH',
    path: '/api/admin/payment-settings',
    token: adminToken,
    json: { pix_key: 'pix@example.com', pix_beneficiary: 'Chaveiro Teste', pix_city: 'São Paulo' },
  });
  const make = async (kind: 'client' | 'reseller', n: number): Promise<Account> => {
    const username = unique(kind === 'client' ? 'c' : 'r');
    const answer = await send(server.url, {
      method: 'POST',
      path: kind === 'client' ? '/api/users' : '/api/resellers',
      token: adminToken,
      json:
        kind === 'client'
          ? { username, email: `${username}@example.com`, password: PASSWORD }
          : {
              type: 'new',
              username,
              email: `${username}@example.com`,
              password: PASSWORD,
              initialBalance: 500,
            },
    });
    if (answer.status !== 201 && answer.status !== 200) {
      throw new Error(`create ${kind}: ${answer.status} ${answer.text}`);
    }
    const id = (answer.body as { id: string }).id;
    if (kind === 'reseller') push(ledger.acked, id, 50_000);
    const token = await login(server.url, username, PASSWORD, fakeIp(1000 + n));
    return { id, username, token, busy: false };
  };
  clients.push(
    ...(await inBatches(Array.from({ length: CLIENTS }), 4, (_, n) => make('client', n))),
  );
  resellers.push(
    ...(await inBatches(Array.from({ length: RESELLERS }), 4, (_, n) => make('reseller', 100 + n))),
  );
}

/** Multiset inclusion: every item of `part` (with repeats) is in `whole`. */
function missingFrom(whole: number[], part: number[]): number[] {
  const counts = new Map<number, number>();
  for (const value of whole) counts.set(value, (counts.get(value) ?? 0) + 1);
  const missing: number[] = [];
  for (const value of part) {
    const left = counts.get(value) ?? 0;
    if (left === 0) missing.push(value);
    else counts.set(value, left - 1);
  }
  return missing;
}

/** Every acknowledged write is present and consistent; returns how many were lost. */
async function verify(target: Target, cycle: number): Promise<number> {
  const reader = await openReader(target);
  let lost = 0;
  const fail = (message: string) => failures.push(`after kill ${cycle}: ${message}`);
  const loss = (message: string) => {
    lost += 1;
    fail(`LOST ${message}`);
  };
  try {
    if (target.kind === 'sqlite') {
      const check = await reader.all<{ integrity_check: string }>('PRAGMA integrity_check');
      if (check[0]?.integrity_check !== 'ok') fail(`integrity_check: ${JSON.stringify(check)}`);
      const foreign = await reader.all('PRAGMA foreign_key_check');
      if (foreign.length > 0) fail(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`);
    }
    const users = new Map(
      (
        await reader.all<{ id: string; username: string; balance_cents: string | number }>(
          'SELECT id, username, balance_cents FROM users',
        )
      ).map((row) => [row.id, { username: row.username, balance: Number(row.balance_cents) }]),
    );
    const lines = new Map<string, number[]>();
    for (const row of await reader.all<{ user_id: string; amount_cents: string | number }>(
      'SELECT user_id, amount_cents FROM balance_ledger',
    )) {
      push(lines, row.user_id, Number(row.amount_cents));
    }
    const keys = new Map(
      (
        await reader.all<{
          key: string;
          status: string;
          redeemed_by: string | null;
          product_id: string;
          created_by: string | null;
        }>('SELECT key, status, redeemed_by, product_id, created_by FROM license_keys')
      ).map((row) => [row.key, row]),
    );
    const subscriptions = await reader.all<{ id: string; user_id: string; product_id: string }>(
      'SELECT id, user_id, product_id FROM subscriptions',
    );
    const held = new Set(subscriptions.map((sub) => `${sub.user_id}/${sub.product_id}`));
    const subscriptionIds = new Set(subscriptions.map((sub) => sub.id));
    const deposits = new Map(
      (
        await reader.all<{
          id: string;
          status: string;
          user_id: string;
          amount_cents: string | number;
        }>('SELECT id, status, user_id, amount_cents FROM deposits')
      ).map((row) => [row.id, row]),
    );

    for (const [id, username] of ledger.users) {
      if (!users.has(id)) loss(`account ${username} (${id})`);
    }
    for (const key of ledger.keys) if (!keys.has(key)) loss(`generated key ${key}`);
    for (const [key, resellerId] of ledger.resellerKeys) {
      const row = keys.get(key);
      if (!row) loss(`key ${key} bought by ${resellerId}`);
      else if (row.created_by !== resellerId) fail(`key ${key} created_by ${row.created_by}`);
    }
    for (const [key, userId] of ledger.redeemed) {
      const row = keys.get(key);
      if (!row || row.status !== 'used' || row.redeemed_by !== userId) {
        loss(`redemption of ${key} by ${userId} (key now ${JSON.stringify(row)})`);
      }
    }
    // A used key ↔ its redeemer holds that product; no key is used without a redeemer.
    for (const row of keys.values()) {
      if (
        row.status === 'used' &&
        (!row.redeemed_by || !held.has(`${row.redeemed_by}/${row.product_id}`))
      ) {
        fail(`key ${row.key} used without its subscription (redeemed_by ${row.redeemed_by})`);
      }
      if (row.status === 'active' && row.redeemed_by) fail(`unused key ${row.key} has a redeemer`);
    }
    for (const id of ledger.subscriptions) if (!subscriptionIds.has(id)) loss(`subscription ${id}`);
    for (const [id, deposit] of ledger.deposits) {
      const row = deposits.get(id);
      if (row?.status !== 'approved') loss(`approval of deposit ${id} (now ${row?.status})`);
      else if (Number(row.amount_cents) !== deposit.cents) fail(`deposit ${id} amount changed`);
    }
    for (const [userId, user] of users) {
      const moved = lines.get(userId) ?? [];
      const sum = moved.reduce((total, cents) => total + cents, 0);
      if (sum !== user.balance)
        fail(`${user.username}: balance ${user.balance} ≠ ledger sum ${sum}`);
      if (user.balance < 0) fail(`${user.username}: negative balance ${user.balance}`);
      const acked = ledger.acked.get(userId) ?? [];
      for (const cents of missingFrom(moved, acked))
        loss(`movement of ${cents} cents on ${user.username}`);
      const extra = missingFrom([...acked, ...(ledger.unanswered.get(userId) ?? [])], moved);
      if (extra.length > 0)
        fail(`${user.username}: ledger lines nobody asked for: ${extra.join(', ')}`);
    }
    for (const [userId, names] of ledger.names) {
      const now = users.get(userId)?.username;
      if (now !== names.acked && !names.unanswered.includes(now ?? '')) {
        loss(`rename of ${userId} to ${names.acked} (now ${now})`);
      }
    }
  } finally {
    await reader.close();
  }
  return lost;
}

async function crashCheck(target: Target, logFile: string) {
  console.log(
    `kill -9 under write load on ${target.kind}: ${CYCLES} cycles, ${WORKERS} workers, seed ${SEED}`,
  );
  let lost = 0;
  const perCycle: string[] = [];
  try {
    server = await startServer(target, logFile);
    await setUp();
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      if (cycle > 1) {
        server = await startServer(target, logFile);
        lost += await verify(target, cycle - 1);
      }
      const before = acknowledged;
      killed = false;
      const running = Array.from({ length: WORKERS }, () => worker());
      const killAfter = random.int(Number(values['kill-min']), Number(values['kill-max']));
      await sleep(killAfter);
      killed = true;
      await server.kill9();
      await Promise.all(running);
      perCycle.push(`${cycle}: +${acknowledged - before} after ${killAfter} ms`);
    }
    server = await startServer(target, logFile);
    lost += await verify(target, CYCLES);
    await server.stop();
  } finally {
    if (server?.child.exitCode === null) await server.kill9();
    const errors = serverErrorReport(logFile);
    console.log(`per cycle (acknowledged writes): ${perCycle.join(' · ')}`);
    const moved = [...ledger.acked.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(
      `cycles ${perCycle.length} · acknowledged writes ${acknowledged} (accounts ${ledger.users.size}, keys ${ledger.keys.size + ledger.resellerKeys.size}, redemptions ${ledger.redeemed.size}, money movements ${moved}, renames ${[...ledger.names.values()].length}) · lost ${lost}`,
    );
    if (target.kind === 'sqlite') {
      console.log(
        `database ${(statSync(join(target.dataDir, 'chaveiro.db')).size / 1e6).toFixed(1)} MB`,
      );
    }
    if (anomalies.size > 0) {
      console.log(
        `other refusals: ${[...anomalies].map(([kind, n]) => `${n}× ${kind}`).join(', ')}`,
      );
    }
    for (const failure of failures.slice(0, 50)) console.log(`  FAIL ${failure}`);
    if (failures.length > 50) console.log(`  … and ${failures.length - 50} more`);
    if (errors.length > 0) {
      console.log(`server error log (${errors.length} lines):`);
      for (const line of [...new Set(errors)].slice(0, 20)) console.log(`  ${line}`);
    }
    const ok =
      failures.length === 0 && lost === 0 && errors.length === 0 && perCycle.length === CYCLES;
    console.log(ok ? 'crash: ok' : 'crash: FAIL');
    process.exitCode = ok ? 0 : 1;
  }
}

await withTarget(
  { name: 'crash', kind: postgresUrl ? 'postgres' : 'sqlite', keep: values.keep },
  crashCheck,
);
