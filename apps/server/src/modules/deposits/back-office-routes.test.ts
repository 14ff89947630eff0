import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * The admin's back office for manual deposits: finding them (GET /api/admin/deposits) and
 * deciding them (approve credits once, reject tells the owner why), for admins only. The
 * gateway's actions (cancel, refund) are in refunds.test.ts.
 */

const text = messages.deposits;
let payments: DepositsTestApp;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  payments = await startDepositsTestApp();
  ({ t, admin } = payments);
});
afterAll(() => payments.close());

/** A new customer with one pending manual deposit of `amount`. */
async function pendingDeposit(amount: number) {
  await payments.settings();
  const client = await t.createUser();
  return { client, created: await payments.openDeposit(client, amount) };
}

describe('GET /api/admin/deposits: finding a deposit', () => {
  it('filters by status and finds a deposit by username, e-mail or reference', async () => {
    await payments.settings();
    const client = await t.createUser({
      username: 'pagador_unico',
      email: 'quem.paga@example.com',
    });
    const pending = await payments.openDeposit(client, 15);
    const rejected = await payments.openDeposit(client, 16);
    await t.as(admin).post(`/api/admin/deposits/${rejected.id}/reject`, { reason: 'Sem PIX' });

    const byName = await t.as(admin).get('/api/admin/deposits?q=PAGADOR_UN');
    expect(byName.statusCode).toBe(200);
    expect(byName.json<{ items: { id: string }[] }>().items.map((d) => d.id)).toEqual([
      rejected.id,
      pending.id,
    ]);
    const onlyPending = await t.as(admin).get('/api/admin/deposits?q=pagador_unico&status=pending');
    expect(onlyPending.json()).toEqual({
      items: [
        {
          ...pending,
          user: { id: client.id, username: 'pagador_unico', email: 'quem.paga@example.com' },
          decided_by: null,
          gateway_payment_id: null,
          gateway_status: null,
          payer: null,
          paid_at: null,
          refunded_at: null,
          uncovered_amount: null,
          flag: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const onlyRejected = await t.as(admin).get('/api/admin/deposits?q=quem.paga&status=rejected');
    expect(onlyRejected.json()).toMatchObject({
      items: [{ id: rejected.id, reject_reason: 'Sem PIX', decided_by: 'chefe_pix' }],
      total: 1,
    });
    const byReference = await t
      .as(admin)
      .get(`/api/admin/deposits?q=${pending.reference.slice(0, 6).toLowerCase()}`);
    expect(byReference.json<{ items: { id: string }[] }>().items.map((d) => d.id)).toContain(
      pending.id,
    );
    const all = await t.as(admin).get('/api/admin/deposits?status=all&pageSize=100');
    const count = await t.database.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.json<{ total: number }>().total).toBe(Number(count.n));
  });
});

describe('GET /api/admin/deposits: what it refuses', () => {
  it('refuses an unknown status filter in pt-BR, and non-admins', async () => {
    const bad = await t.as(admin).get('/api/admin/deposits?status=paid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: text.statusInvalid, code: 'VALIDATION_ERROR' });
    const client = await t.createUser();
    expect((await t.as(client).get('/api/admin/deposits')).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/admin/deposits')).statusCode).toBe(401);
  });
});

describe('POST /api/admin/deposits/{id}/approve', () => {
  it('credits the balance once, with a ledger line, a notification and an activity row', async () => {
    const { client, created } = await pendingDeposit(123.45);

    const response = await t.as(admin).post(`/api/admin/deposits/${created.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: text.approved,
      deposit: {
        id: created.id,
        status: 'approved',
        decided_by: 'chefe_pix',
        decided_at: new Date(t.clock.now()).toISOString(),
      },
    });
    expect(await t.fixtures.balance(client.id)).toBe(12_345);
    expect(await t.fixtures.ledger(client.id)).toEqual([
      {
        amount_cents: 12_345,
        reason: `Depósito PIX ${created.reference}`,
        balance_after_cents: 12_345,
        actor_id: admin.id,
      },
    ]);
    expect(await payments.notificationsOf(client.id)).toEqual([
      {
        kind: 'deposit_approved',
        title: text.notifyApprovedTitle,
        body: text.notifyApprovedBody('R$ 123,45', created.reference),
        link: '/dashboard',
      },
    ]);
    expect(await t.lastActivity()).toBe(
      text.logApproved(created.reference, client.username, 'R$ 123,45'),
    );
    const dashboard = await t.as(client).get('/api/client/dashboard');
    expect(dashboard.json()).toMatchObject({ balance: 123.45 });

    const again = await t.as(admin).post(`/api/admin/deposits/${created.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: text.alreadyApproved,
      code: 'DEPOSIT_ALREADY_DECIDED',
    });
    const rejectAfter = await t.as(admin).post(`/api/admin/deposits/${created.id}/reject`, {
      reason: 'Tarde demais',
    });
    expect(rejectAfter.statusCode).toBe(409);
    expect(await t.fixtures.balance(client.id)).toBe(12_345);
    await t.fixtures.expectLedgerMatches(client.id);
  });
});

describe('POST /api/admin/deposits/{id}/approve, clicked at once', () => {
  it('credits exactly once under 10 simultaneous approvals', async () => {
    const { client, created } = await pendingDeposit(50);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.as(admin).post(`/api/admin/deposits/${created.id}/approve`),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(await t.fixtures.balance(client.id)).toBe(5000);
    expect(await t.fixtures.ledger(client.id)).toHaveLength(1);
    expect(await payments.notificationsOf(client.id)).toHaveLength(1);
    await t.fixtures.expectLedgerMatches(client.id);
  });
});

describe('POST /api/admin/deposits/{id}/reject', () => {
  it('rejects with a reason the owner is told, and never credits afterwards', async () => {
    const { client, created } = await pendingDeposit(80);

    const response = await t.as(admin).post(`/api/admin/deposits/${created.id}/reject`, {
      reason: '  Pagamento não encontrado no extrato  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: text.rejected,
      deposit: { status: 'rejected', reject_reason: 'Pagamento não encontrado no extrato' },
    });
    expect(await payments.notificationsOf(client.id)).toEqual([
      {
        kind: 'deposit_rejected',
        title: text.notifyRejectedTitle,
        body: text.notifyRejectedBody(
          'R$ 80,00',
          created.reference,
          'Pagamento não encontrado no extrato',
        ),
        link: '/dashboard',
      },
    ]);
    expect(await t.lastActivity()).toBe(
      text.logRejected(created.reference, client.username, 'R$ 80,00'),
    );

    const approve = await t.as(admin).post(`/api/admin/deposits/${created.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({
      message: text.alreadyRejected,
      code: 'DEPOSIT_ALREADY_DECIDED',
    });
    expect(await t.fixtures.balance(client.id)).toBe(0);
    await t.fixtures.expectLedgerMatches(client.id);
  });

  it.each([
    [{}, text.rejectReasonRequired],
    [{ reason: '  a ' }, text.rejectReasonRequired],
    [{ reason: 'x'.repeat(301) }, text.rejectReasonMax],
  ])('refuses the rejection %j with a pt-BR 400', async (payload, message) => {
    const { created } = await pendingDeposit(10);
    const response = await t.as(admin).post(`/api/admin/deposits/${created.id}/reject`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });
});

describe('deciding a deposit: who may', () => {
  it('answers 404 for an unknown deposit and 401/403 for non-admins', async () => {
    const unknown = await t.as(admin).post('/api/admin/deposits/nao-existe/approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    const unknownReject = await t.as(admin).post('/api/admin/deposits/nao-existe/reject', {
      reason: 'Não existe',
    });
    expect(unknownReject.statusCode).toBe(404);

    const { client, created } = await pendingDeposit(10);
    const reseller = await t.createUser({ role: 'reseller' });
    for (const user of [client, reseller]) {
      const approve = await t.as(user).post(`/api/admin/deposits/${created.id}/approve`);
      expect(approve.statusCode).toBe(403);
    }
    expect((await t.anonymous.post(`/api/admin/deposits/${created.id}/approve`)).statusCode).toBe(
      401,
    );
    expect(
      (await t.anonymous.post(`/api/admin/deposits/${created.id}/reject`, { reason: 'Nope' }))
        .statusCode,
    ).toBe(401);
    expect(await t.fixtures.balance(client.id)).toBe(0);
  });
});
