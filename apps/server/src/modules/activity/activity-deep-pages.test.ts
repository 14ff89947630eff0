import type { ActivityPage } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Deep pages of the audit log seek to page anchors: every page and filter must still be exactly
// what a plain ORDER BY … LIMIT/OFFSET returns, lines written between two reads included.
let t: TestApp;
let admin: TestUser;
const PAGE_SIZE = 100;
/** Past two anchors (one every 1000 rows). */
const LINES = 2_300;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_registro' });
  const { activity } = t.app.services;
  await withTransaction(t.database.db, async (trx) => {
    for (let index = 0; index < LINES; index += 1) {
      // Times repeat (every 300 lines share one), so `id` must break the ties.
      if (index % 300 === 0) t.clock.advance(1_000);
      await activity.record(trx, null, {
        type: index % 3 === 0 ? 'deposit.paid' : 'user.updated',
        action: `Linha ${String(index)}`,
      });
    }
  });
}, 60_000);
afterAll(() => t.close());

async function expected(type: string | undefined, page: number) {
  let query = t.database.db.selectFrom('activity');
  if (type) query = query.where('type', '=', type as 'deposit.paid');
  const rows = await query
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const count = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}

async function served(type: string | undefined, page: number) {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...(type ? { type } : {}),
  });
  const response = await t.as(admin).get(`/api/activity?${params.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<ActivityPage>();
  return { ids: body.items.map((item) => item.id), total: body.total };
}

async function expectPlain(type: string | undefined, page: number) {
  expect(await served(type, page)).toEqual(await expected(type, page));
}

describe('GET /api/activity deep pages', () => {
  it('answers every page, filtered or not, exactly as a plain OFFSET, lines written between reads included', async () => {
    const reads = async () => {
      for (const type of [undefined, 'deposit.paid']) {
        for (const page of [1, 10, 11, 12, 21, 24, 30]) {
          await expectPlain(type, page);
          await expectPlain(type, page);
        }
      }
    };
    await reads();
    await t.app.services.activity.record(t.database.db, null, {
      type: 'deposit.paid',
      action: 'Linha nova',
    });
    await reads();
    await t.app.outbox.transaction((trx) =>
      t.app.services.activity.record(trx, null, { type: 'user.updated', action: 'Outra' }),
    );
    await reads();
  }, 60_000);
});
