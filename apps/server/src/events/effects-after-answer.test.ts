import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { XP_RULES } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { defineHandler } from './outbox.js';

/**
 * A request that records an event answers before the event's handlers run, unless a handler
 * says the answer must show its effect: the redeem's cost does not grow with who listens.
 */
const REDEEM_URL = '/api/client/redeem-key';
/** What the probe handler takes when asked to be slow. */
const PROBE_SLEEP_MS = 300;
const RUNS = 5;

let t: TestApp;
let product: { id: string };
/** Commits the database has run so far (every `commit`, whoever asked). */
let commits = 0;
/** Commits between the redeem's arrival and its answer leaving, per redeem. */
const commitsBeforeAnswer: number[] = [];
let commitsAtArrival = 0;
/** Whether the probe sleeps, and the events it has handled. */
let probeSleeps = false;
const probed: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (sql) => {
      if (/^\s*commit\b/i.test(sql)) commits += 1;
    },
    configure(app) {
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.url === REDEEM_URL) commitsAtArrival = commits;
        done();
      });
      // The answer leaves once onSend is done: what committed by then held it up.
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (request.url === REDEEM_URL) commitsBeforeAnswer.push(commits - commitsAtArrival);
        done(null, payload);
      });
    },
    eventHandlers: [
      defineHandler({
        name: 'test.slow-probe',
        on: 'key.redeemed',
        async handle(event) {
          if (probeSleeps) await sleep(PROBE_SLEEP_MS);
          probed.push(event.payload.keyId);
        },
      }),
    ],
  });
  product = await t.fixtures.product({ name: 'Aim Pro' });
});
afterAll(() => t.close());

/** Redeems a fresh key; answers the key's id and how long the answer took (ms). */
async function timedRedeem(user: TestUser): Promise<{ keyId: string; ms: number }> {
  const key = await t.fixtures.key(product.id, { days: 30 });
  const started = performance.now();
  const answer = await t.app.inject({
    method: 'POST',
    url: REDEEM_URL,
    headers: user.headers,
    payload: { keyValue: key.key },
  });
  const ms = performance.now() - started;
  expect(answer.statusCode).toBe(200);
  return { keyId: key.id, ms };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function xpOf(userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('xp')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.xp);
}

describe('a redeem’s answer', () => {
  it('commits at most 3 transactions before it answers, and shows the XP it earned', async () => {
    const customer = await t.createUser();
    commitsBeforeAnswer.length = 0;
    for (let run = 0; run < RUNS; run += 1) {
      await timedRedeem(customer);
      // XP is declared part of the answer: the next read sees it without waiting.
      expect(await xpOf(customer.id)).toBe((run + 1) * 30 * XP_RULES.perLicenceDay);
      await t.app.outbox.drain();
    }
    console.info(`commits before the redeem answer: ${commitsBeforeAnswer.join(', ')}`);
    expect(commitsBeforeAnswer).toHaveLength(RUNS);
    expect(Math.max(...commitsBeforeAnswer)).toBeLessThanOrEqual(3);
  });

  it('does not wait for a slow handler, which still runs right after', async () => {
    const customer = await t.createUser();
    const baseline: number[] = [];
    const withProbe: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      probeSleeps = false;
      baseline.push((await timedRedeem(customer)).ms);
      await t.app.outbox.drain();

      probeSleeps = true;
      const { keyId, ms } = await timedRedeem(customer);
      withProbe.push(ms);
      expect(probed).not.toContain(keyId);
      await t.app.outbox.drain();
      // Handled after the answer, by the process that answered (not left to the poller).
      expect(probed).toContain(keyId);
    }
    const plain = median(baseline);
    const slow = median(withProbe);
    console.info(
      `redeem answer, median of ${String(RUNS)}: ${plain.toFixed(1)} ms; ` +
        `with a ${String(PROBE_SLEEP_MS)} ms probe handler: ${slow.toFixed(1)} ms`,
    );
    // Generous for a loaded 2-core machine; what it rules out is waiting for the probe.
    expect(slow).toBeLessThan(plain + 100);
    expect(slow).toBeLessThan(PROBE_SLEEP_MS / 2);
  });
});
