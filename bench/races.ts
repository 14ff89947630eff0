// `npm run check:races [-- --db sqlite,postgres --width 100]`
// 100-way races against the built server: the same request fired by 100 callers at once, for
// each effect that must happen exactly once (redeeming one key, spending one balance, one HWID
// reset credit, approving one deposit, taking one username). Each scenario asserts the exact
// effect in the database and that every other answer is a clean 4xx `{ message, code }` in
// pt-BR, never a 5xx. SQLite always; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set
// (`bash scripts/with-postgres.sh npm run check:races`). Exits 1 on any failure.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  ADMIN,
  PASSWORD,
  errorProblem,
  fakeIp,
  nextFakeIp,
  inBatches,
  login,
  openReader,
  postgresUrl,
  printRows,
  send,
  serverErrorReport,
  startServer,
  type Answer,
  type CheckServer,
  type Outgoing,
  type Reader,
  withTarget,
} from './check-lib.js';

const { values } = parseArgs({
  options: {
    /** Comma-separated; postgres needs TEST_DATABASE_URL or DATABASE_URL. */
    db: { type: 'string' },
    width: { type: 'string', default: '100' },
    /** Keeps the data folder and server log of each database (printed at the end). */
    keep: { type: 'boolean', default: false },
  },
});
const WIDTH = Number(values.width);
const databases = (values.db ?? (postgresUrl ? 'sqlite,postgres' : 'sqlite')).split(',');
const DAY = 86_400_000;

interface Outcome {
  database: string;
  scenario: string;
  statuses: Map<number, number>;
  successes: number;
  expectedSuccesses: number;
  effect: string;
  failures: string[];
}

/** The world a race runs in: the server, an admin token and small helpers over the API. */
class World {
  constructor(
    readonly server: CheckServer,
    readonly adminToken: string,
    readonly reader: Reader,
  ) {}

  unique(prefix: string): string {
    return `${prefix}${randomBytes(4).toString('hex')}`;
  }

  async call(outgoing: Outgoing, expected: number[] = [200, 201]): Promise<Answer> {
    const answer = await send(this.server.url, { ip: nextFakeIp(), ...outgoing });
    if (!expected.includes(answer.status)) {
      throw new Error(`${outgoing.method} ${outgoing.path}: ${answer.status} ${answer.text}`);
    }
    return answer;
  }

  admin(method: string, path: string, json?: unknown): Promise<Answer> {
    return this.call({ method, path, json, token: this.adminToken });
  }

  async product(prices: Record<string, number> = { monthly: 10 }): Promise<string> {
    const answer = await this.admin('POST', '/api/products', {
      name: this.unique('Produto '),
      description: 'corrida',
      plans: prices,
    });
    return (answer.body as { product: { id: string } }).product.id;
  }

  async key(productId: string, days = 30): Promise<string> {
    const answer = await this.admin('POST', '/api/keys', { productId, days, quantity: 1 });
    return (answer.body as { keys: string[] }).keys[0] ?? '';
  }

  async client(): Promise<{ id: string; username: string; token: string }> {
    const username = this.unique('cli');
    const answer = await this.admin('POST', '/api/users', {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
    });
    const token = await login(this.server.url, username, PASSWORD, nextFakeIp());
    return { id: (answer.body as { id: string }).id, username, token };
  }

  async reseller(balance: number): Promise<{ id: string; username: string; token: string }> {
    const username = this.unique('rev');
    const answer = await this.admin('POST', '/api/resellers', {
      type: 'new',
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      initialBalance: balance,
    });
    const token = await login(this.server.url, username, PASSWORD, nextFakeIp());
    return { id: (answer.body as { id: string }).id, username, token };
  }

  /** Binds `hwid` to the user's subscription of `productId` through the loader. */
  async bindHwid(username: string, productId: string, hwid: string): Promise<void> {
    const answer = await this.call({
      method: 'POST',
      path: '/api/loader/auth',
      json: {
        productId,
        hwid,
        nonce: randomBytes(16).toString('base64url'),
        identifier: username,
        password: PASSWORD,
      },
    });
    const data = (answer.body as { data: { ok: boolean } }).data;
    if (!data.ok) throw new Error(`loader auth refused: ${answer.text}`);
  }

  async balanceCents(userId: string): Promise<number> {
    const user = await this.row<{ balance_cents: string | number }>(
      `SELECT balance_cents FROM users WHERE id = ${quote(userId)}`,
    );
    return Number(user.balance_cents);
  }

  /** How many subscriptions the user has and, when just one, the days it runs past `since`. */
  async subscriptionDays(userId: string, since: number): Promise<{ count: number; days: number }> {
    const subs = await this.reader.all<{ expires_at: string | number }>(
      `SELECT expires_at FROM subscriptions WHERE user_id = ${quote(userId)}`,
    );
    const days = subs.length === 1 ? (Number(subs[0]?.expires_at) - since) / DAY : NaN;
    return { count: subs.length, days };
  }

  async row<T>(sql: string): Promise<T> {
    const rows = await this.reader.all<T>(sql);
    if (rows.length !== 1) throw new Error(`expected one row: ${sql} → ${rows.length}`);
    return rows[0] as T;
  }
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Fires the `width` requests at once (sockets warmed up first, so they leave together) and
 * checks the answers: `expectedSuccesses` 2xx, the rest clean 4xx.
 */
async function race(
  world: World,
  database: string,
  scenario: string,
  requests: Outgoing[],
  expectedSuccesses: number,
  checkEffect: () => Promise<{ effect: string; failures: string[] }>,
): Promise<Outcome> {
  await Promise.all(
    requests.map(() => send(world.server.url, { method: 'GET', path: '/api/health' })),
  );
  const answers = await Promise.all(
    requests.map((request) =>
      send(world.server.url, request).catch((error: Error): Answer => ({
        status: 0,
        headers: {},
        text: error.message,
        body: undefined,
      })),
    ),
  );
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let successes = 0;
  answers.forEach((answer, index) => {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) {
      successes += 1;
      return;
    }
    const problem = answer.status === 0 ? 'no answer' : errorProblem(answer);
    if (problem) {
      const request = requests[index];
      failures.push(
        `#${index} ${request?.method} ${request?.path} ${String(request?.body ?? '')} → ${answer.status} ${problem}: ${answer.text.slice(0, 300)}`,
      );
    }
  });
  if (successes !== expectedSuccesses) {
    failures.push(`${successes} successes, expected exactly ${expectedSuccesses}`);
  }
  const { effect, failures: effectFailures } = await checkEffect();
  failures.push(...effectFailures);
  return {
    database,
    scenario,
    statuses,
    successes,
    expectedSuccesses,
    effect,
    failures,
  };
}

function post(path: string, json: unknown, token: string, ip: string, method = 'POST'): Outgoing {
  return {
    method,
    path,
    body: JSON.stringify(json),
    headers: { 'content-type': 'application/json' },
    token,
    ip,
  };
}

async function scenarios(world: World, database: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const run = async (name: string, body: () => Promise<Outcome>) => {
    try {
      outcomes.push(await body());
    } catch (error) {
      outcomes.push({
        database,
        scenario: name,
        statuses: new Map(),
        successes: 0,
        expectedSuccesses: 0,
        effect: 'set-up failed',
        failures: [`set-up failed: ${(error as Error).message}`],
      });
    }
  };

  const productId = await world.product({ monthly: 10, weekly: 4 });
  const clients = await inBatches(Array.from({ length: WIDTH }), 4, () => world.client());

  const name1 = `redeem one key × ${WIDTH} users`;
  await run(name1, async () => {
    const key = await world.key(productId, 30);
    const requests = clients.map((client, i) =>
      post('/api/client/redeem-key', { keyValue: key }, client.token, fakeIp(10_000 + i)),
    );
    return race(world, database, name1, requests, 1, async () => {
      const failures: string[] = [];
      const keyRow = await world.row<{ status: string; redeemed_by: string | null }>(
        `SELECT status, redeemed_by FROM license_keys WHERE key = ${quote(key)}`,
      );
      const ids = clients.map((client) => quote(client.id)).join(',');
      const subs = await world.reader.all<{ user_id: string }>(
        `SELECT user_id FROM subscriptions WHERE product_id = ${quote(productId)} AND user_id IN (${ids})`,
      );
      if (keyRow.status !== 'used') failures.push(`key status ${keyRow.status}`);
      if (subs.length !== 1) failures.push(`${subs.length} subscriptions created, expected 1`);
      else if (subs[0]?.user_id !== keyRow.redeemed_by) {
        failures.push('the subscription is not the redeemer’s');
      }
      return { effect: `key ${keyRow.status}, ${subs.length} subscription(s)`, failures };
    });
  });

  const name2 = `redeem one key × ${WIDTH} (same user)`;
  await run(name2, async () => {
    const client = await world.client();
    const key = await world.key(productId, 30);
    const started = Date.now();
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post('/api/client/redeem-key', { keyValue: key }, client.token, fakeIp(20_000 + i)),
    );
    return race(world, database, name2, requests, 1, async () => {
      const failures: string[] = [];
      const { count: subscriptions, days } = await world.subscriptionDays(client.id, started);
      if (subscriptions !== 1) failures.push(`${subscriptions} subscriptions, expected 1`);
      if (!(days > 29.9 && days < 30.1))
        failures.push(`subscription runs ${days.toFixed(2)} days, expected 30`);
      return { effect: `${subscriptions} subscription of ${days.toFixed(1)} days`, failures };
    });
  });

  const name3 = `shop purchase × ${WIDTH}, balance for 2`;
  await run(name3, async () => {
    // R$ 25,00 pays two monthly plans of R$ 10,00 and leaves R$ 5,00.
    const buyer = await world.reseller(25);
    const started = Date.now();
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post(
        '/api/shop/purchase',
        { productId, durationType: 'monthly' },
        buyer.token,
        fakeIp(30_000 + i),
      ),
    );
    return race(world, database, name3, requests, 2, async () => {
      const failures: string[] = [];
      const balance = await world.balanceCents(buyer.id);
      const ledger = await world.row<{ total: string | number; lines: string | number }>(
        `SELECT COALESCE(SUM(amount_cents), 0) AS total, COUNT(*) AS lines FROM balance_ledger WHERE user_id = ${quote(buyer.id)}`,
      );
      const { days } = await world.subscriptionDays(buyer.id, started);
      if (balance !== 500) failures.push(`balance ${balance} cents, expected 500`);
      if (Number(ledger.total) !== balance)
        failures.push(`ledger sums ${ledger.total}, balance ${balance}`);
      if (Number(ledger.lines) !== 3)
        failures.push(`${ledger.lines} ledger lines, expected 3 (initial + 2)`);
      if (!(days > 59.9 && days < 60.1))
        failures.push(`subscription runs ${days.toFixed(2)} days, expected 60`);
      return { effect: `balance ${balance / 100} R$, ${days.toFixed(1)} days`, failures };
    });
  });

  const name4 = `reseller buys keys × ${WIDTH}, balance for 2`;
  await run(name4, async () => {
    const buyer = await world.reseller(8);
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post(
        '/api/reseller/keys',
        { productId, durationType: 'weekly', quantity: 1 },
        buyer.token,
        fakeIp(40_000 + i),
      ),
    );
    return race(world, database, name4, requests, 2, async () => {
      const failures: string[] = [];
      const balance = await world.balanceCents(buyer.id);
      const keys = await world.row<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM license_keys WHERE created_by = ${quote(buyer.id)}`,
      );
      const ledger = await world.row<{ total: string | number }>(
        `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM balance_ledger WHERE user_id = ${quote(buyer.id)}`,
      );
      if (balance !== 0) failures.push(`balance ${balance} cents, expected 0`);
      if (Number(keys.count) !== 2) failures.push(`${keys.count} keys, expected 2`);
      if (Number(ledger.total) !== balance)
        failures.push(`ledger sums ${ledger.total}, balance ${balance}`);
      return { effect: `balance ${balance / 100} R$, ${keys.count} keys`, failures };
    });
  });

  const name5 = `approve one deposit × ${WIDTH}`;
  await run(name5, async () => {
    await world.admin('PATCH', '/api/admin/payment-settings', {
      pix_key: 'pix@example.com',
      pix_beneficiary: 'Chaveiro Teste',
      pix_city: 'São Paulo',
    });
    const payer = await world.client();
    const deposit = await world.call({
      method: 'POST',
      path: '/api/deposits',
      json: { amount: 50 },
      token: payer.token,
    });
    const depositId = (deposit.body as { deposit: { id: string } }).deposit.id;
    const requests = Array.from({ length: WIDTH }, (_, i) => ({
      method: 'POST',
      path: `/api/admin/deposits/${depositId}/approve`,
      token: world.adminToken,
      ip: fakeIp(50_000 + i),
    }));
    return race(world, database, name5, requests, 1, async () => {
      const failures: string[] = [];
      const balance = await world.balanceCents(payer.id);
      const lines = await world.row<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM balance_ledger WHERE user_id = ${quote(payer.id)}`,
      );
      if (balance !== 5000) failures.push(`balance ${balance} cents, expected 5000`);
      if (Number(lines.count) !== 1) failures.push(`${lines.count} ledger lines, expected 1`);
      return { effect: `balance ${balance / 100} R$, ${lines.count} ledger line(s)`, failures };
    });
  });

  // HWID reset: one bound machine and 3 credits (the default): one reset frees it and spends one
  // credit; the others find nothing bound (or no credit) and must spend nothing.
  const hwidRace = async (name: string, spendFirst: number) => {
    await run(name, async () => {
      const owner = await world.client();
      await world.admin('POST', `/api/users/${owner.id}/subscriptions`, {
        productId,
        days: 30,
        devices: 1,
      });
      for (let n = 0; n < spendFirst; n += 1) {
        await world.bindHwid(owner.username, productId, `HWID-WARMUP-${n}-${owner.id}`);
        await world.call({
          method: 'PATCH',
          path: '/api/client/user/reset-hwid',
          json: {},
          token: owner.token,
        });
      }
      const before = await world.row<{ hwid_reset_credits: string | number }>(
        `SELECT hwid_reset_credits FROM subscriptions WHERE user_id = ${quote(owner.id)}`,
      );
      await world.bindHwid(owner.username, productId, `HWID-RACE-${owner.id}`);
      const requests = Array.from({ length: WIDTH }, (_, i) =>
        post(
          '/api/client/user/reset-hwid',
          {},
          owner.token,
          fakeIp(60_000 + spendFirst * 1000 + i),
          'PATCH',
        ),
      );
      return race(world, database, name, requests, 1, async () => {
        const failures: string[] = [];
        const after = await world.row<{ hwid_reset_credits: string | number; id: string }>(
          `SELECT id, hwid_reset_credits FROM subscriptions WHERE user_id = ${quote(owner.id)}`,
        );
        const machines = await world.row<{ count: string | number }>(
          `SELECT COUNT(*) AS count FROM machines WHERE subscription_id = ${quote(after.id)}`,
        );
        const spent = Number(before.hwid_reset_credits) - Number(after.hwid_reset_credits);
        if (spent !== 1) failures.push(`${spent} credits spent for one bound machine, expected 1`);
        if (Number(machines.count) !== 0) failures.push(`${machines.count} machines still bound`);
        return {
          effect: `credits ${before.hwid_reset_credits} → ${after.hwid_reset_credits}`,
          failures,
        };
      });
    });
  };
  await hwidRace(`HWID reset × ${WIDTH}, 3 credits, 1 machine`, 0);
  await hwidRace(`HWID reset × ${WIDTH}, 1 credit`, 2);

  const name8 = `create user, same username × ${WIDTH}`;
  await run(name8, async () => {
    const username = world.unique('dup');
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post(
        '/api/users',
        { username, email: `${username}.${i}@example.com`, password: PASSWORD },
        world.adminToken,
        fakeIp(70_000 + i),
      ),
    );
    return race(world, database, name8, requests, 1, async () => {
      const rows = await world.row<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM users WHERE username_lower = ${quote(username.toLowerCase())}`,
      );
      const failures = Number(rows.count) === 1 ? [] : [`${rows.count} accounts, expected 1`];
      return { effect: `${rows.count} account(s)`, failures };
    });
  });

  // A subscription row is unique per (user, product): concurrent first purchases or grants must
  // all land on one subscription, extended each time, never a duplicate-key error.
  const name9 = `shop purchase × ${WIDTH}, first subscription, balance for all`;
  await run(name9, async () => {
    const buyer = await world.reseller(10 * WIDTH);
    const started = Date.now();
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post(
        '/api/shop/purchase',
        { productId, durationType: 'weekly' },
        buyer.token,
        fakeIp(80_000 + i),
      ),
    );
    return race(world, database, name9, requests, WIDTH, async () => {
      const failures: string[] = [];
      const { count: subscriptions, days } = await world.subscriptionDays(buyer.id, started);
      const balance = await world.balanceCents(buyer.id);
      const expected = 7 * WIDTH;
      if (subscriptions !== 1) failures.push(`${subscriptions} subscriptions, expected 1`);
      if (!(Math.abs(days - expected) < 0.1))
        failures.push(`${days.toFixed(2)} days, expected ${expected}`);
      if (balance !== 600 * WIDTH)
        failures.push(`balance ${balance} cents, expected ${600 * WIDTH}`);
      return { effect: `${subscriptions} subscription of ${days.toFixed(0)} days`, failures };
    });
  });

  const name10 = `admin adds subscription × ${WIDTH}, same user and product`;
  await run(name10, async () => {
    const owner = await world.client();
    const started = Date.now();
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post(
        `/api/users/${owner.id}/subscriptions`,
        { productId, days: 2, devices: 1 },
        world.adminToken,
        fakeIp(90_000 + i),
      ),
    );
    return race(world, database, name10, requests, WIDTH, async () => {
      const failures: string[] = [];
      const { count: subscriptions, days } = await world.subscriptionDays(owner.id, started);
      if (subscriptions !== 1) failures.push(`${subscriptions} subscriptions, expected 1`);
      if (!(Math.abs(days - 2 * WIDTH) < 0.1))
        failures.push(`${days.toFixed(2)} days, expected ${2 * WIDTH}`);
      return { effect: `${subscriptions} subscription of ${days.toFixed(0)} days`, failures };
    });
  });

  const name11 = `${WIDTH} users rename to one username`;
  await run(name11, async () => {
    const username = world.unique('nome');
    const requests = clients.map((client, i) =>
      post('/api/profile', { username }, client.token, fakeIp(100_000 + i), 'PATCH'),
    );
    return race(world, database, name11, requests, 1, async () => {
      const rows = await world.row<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM users WHERE username_lower = ${quote(username.toLowerCase())}`,
      );
      const failures = Number(rows.count) === 1 ? [] : [`${rows.count} accounts, expected 1`];
      return { effect: `${rows.count} account(s) named so`, failures };
    });
  });

  const name12 = `create user, same e-mail × ${WIDTH}`;
  await run(name12, async () => {
    const email = `${world.unique('mail')}@example.com`;
    const requests = Array.from({ length: WIDTH }, (_, i) =>
      post(
        '/api/users',
        { username: world.unique(`m${i}x`), email, password: PASSWORD },
        world.adminToken,
        fakeIp(110_000 + i),
      ),
    );
    return race(world, database, name12, requests, 1, async () => {
      const rows = await world.row<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM users WHERE email_lower = ${quote(email)}`,
      );
      const failures = Number(rows.count) === 1 ? [] : [`${rows.count} accounts, expected 1`];
      return { effect: `${rows.count} account(s)`, failures };
    });
  });

  return outcomes;
}

async function onDatabase(database: string): Promise<{ outcomes: Outcome[]; errors: string[] }> {
  return withTarget(
    {
      name: `races-${database}`,
      kind: database === 'postgres' ? 'postgres' : 'sqlite',
      keep: values.keep,
      label: `[${database}] `,
    },
    async (target, logFile) => {
      const server = await startServer(target, logFile);
      const reader = await openReader(target);
      try {
        const adminToken = await login(server.url, ADMIN.username, ADMIN.password, fakeIp(1));
        const world = new World(server, adminToken, reader);
        const outcomes = await scenarios(world, database);
        return { outcomes, errors: serverErrorReport(logFile) };
      } finally {
        await reader.close();
        await server.stop();
      }
    },
  );
}

let failed = false;
for (const database of databases) {
  if (database === 'postgres' && !postgresUrl) {
    console.error('postgres: set TEST_DATABASE_URL or DATABASE_URL (scripts/with-postgres.sh)');
    failed = true;
    continue;
  }
  console.log(`\n== ${WIDTH}-way races on ${database} ==`);
  const { outcomes, errors } = await onDatabase(database);
  printRows(
    ['scenario', 'answers', '2xx', 'expected', '5xx', 'unclean', 'effect', 'verdict'],
    outcomes.map((outcome) => {
      const answers = [...outcome.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count}×${status}`)
        .join(' ');
      const fivexx = [...outcome.statuses.entries()]
        .filter(([status]) => status >= 500 || status === 0)
        .reduce((sum, [, count]) => sum + count, 0);
      const unclean = outcome.failures.filter((failure) => failure.startsWith('#')).length;
      return [
        outcome.scenario,
        answers || '–',
        outcome.successes,
        outcome.expectedSuccesses,
        fivexx,
        unclean,
        outcome.effect,
        outcome.failures.length === 0 ? 'ok' : 'FAIL',
      ];
    }),
  );
  for (const outcome of outcomes) {
    if (outcome.failures.length === 0) continue;
    failed = true;
    console.log(`\n[${database}] ${outcome.scenario}:`);
    const shown = new Set<string>();
    for (const failure of outcome.failures) {
      // Identical refusals differ only by their index: show each kind once, with its count.
      const kind = failure.replace(/^#\d+ /, '');
      if (shown.has(kind)) continue;
      shown.add(kind);
      const count = outcome.failures.filter((f) => f.replace(/^#\d+ /, '') === kind).length;
      console.log(`  ${count > 1 ? `${count}× ` : ''}${failure}`);
    }
  }
  if (errors.length > 0) {
    failed = true;
    console.log(`\n[${database}] server error log (${errors.length} lines):`);
    for (const line of [...new Set(errors)].slice(0, 20)) console.log(`  ${line}`);
  }
}
console.log(failed ? '\nraces: FAIL' : '\nraces: ok');
process.exit(failed ? 1 : 0);
