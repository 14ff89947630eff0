import type { Deposit } from '@chaveiro/contract';
import { DEPOSIT_LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { PIX, startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * A customer's deposits in manual mode (the admin's PIX key, approved by hand): opening one with
 * its PIX instructions, the limits on amounts and pending deposits, and reading one's own.
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

describe('POST /api/deposits: opening a deposit', () => {
  it('opens a pending deposit with a unique reference and the PIX instructions', async () => {
    await payments.settings();
    const client = await t.createUser();
    expect((await t.as(client).get('/api/deposits/availability')).json()).toEqual({ pix: true });
    const response = await t.as(client).post('/api/deposits', { amount: 25.5 });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ deposit: Deposit }>();
    expect(body).toEqual({
      message: text.created,
      deposit: {
        id: body.deposit.id,
        amount: 25.5,
        method: 'pix',
        reference: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/) as string,
        status: 'pending',
        reject_reason: null,
        created_at: new Date(t.clock.now()).toISOString(),
        decided_at: null,
        gateway: 'manual',
        expires_at: null,
        order_id: null,
      },
      instructions: {
        method: 'pix',
        pix_key: PIX.pix_key,
        beneficiary: PIX.pix_beneficiary,
        amount: 25.5,
        reference: body.deposit.reference,
        pix_code: expect.stringContaining(`0508${body.deposit.reference}`) as string,
        expires_at: null,
        gateway: 'manual',
      },
    });
    expect(await t.fixtures.balance(client.id)).toBe(0);
    const references = new Set<string>([body.deposit.reference]);
    for (let i = 0; i < 4; i += 1) {
      references.add((await payments.openDeposit(client, 5)).reference);
    }
    expect(references.size).toBe(5);
  });

  it(`allows at most ${String(DEPOSIT_LIMITS.pendingMax)} pending deposits per user`, async () => {
    await payments.settings();
    const client = await t.createUser();
    await Promise.all(
      Array.from({ length: DEPOSIT_LIMITS.pendingMax }, () => payments.openDeposit(client, 10)),
    );
    const response = await t.as(client).post('/api/deposits', { amount: 10 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: text.tooManyPending(DEPOSIT_LIMITS.pendingMax),
      code: 'TOO_MANY_PENDING_DEPOSITS',
    });
  });
});

describe('POST /api/deposits: amounts and callers it refuses', () => {
  it.each([
    [4.99, text.amountMin],
    [0, text.amountMin],
    [-10, text.amountMin],
    [10_000.01, text.amountMax],
    [5.001, text.amountInvalid],
    ['10', text.amountInvalid],
    [null, text.amountInvalid],
  ])('refuses the amount %j with a pt-BR 400', async (amount, message) => {
    const client = await t.createUser();
    const response = await t.as(client).post('/api/deposits', { amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('accepts the limits themselves and refuses extra fields, admins and anonymous callers', async () => {
    await payments.settings();
    const client = await t.createUser();
    expect((await payments.openDeposit(client, 5)).amount).toBe(5);
    expect((await payments.openDeposit(client, 10_000)).amount).toBe(10_000);
    const extra = await t.as(client).post('/api/deposits', { amount: 10, status: 'approved' });
    expect(extra.statusCode).toBe(400);
    expect((await t.as(admin).post('/api/deposits', { amount: 10 })).statusCode).toBe(403);
    expect((await t.anonymous.post('/api/deposits', { amount: 10 })).statusCode).toBe(401);
  });
});

describe('GET /api/deposits and /api/deposits/{id}', () => {
  it("lists only the caller's own deposits, newest first and paged", async () => {
    await payments.settings();
    const ana = await t.createUser();
    const bia = await t.createUser({ role: 'reseller' });
    const first = await payments.openDeposit(ana, 10);
    t.clock.advance(1000);
    const second = await payments.openDeposit(ana, 20);
    await payments.openDeposit(bia, 30);

    const page = await t.as(ana).get('/api/deposits?pageSize=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ items: [second], total: 2, page: 1, pageSize: 1 });
    const next = await t.as(ana).get('/api/deposits?pageSize=1&page=2');
    expect(next.json<{ items: Deposit[] }>().items).toEqual([first]);
    const other = await t.as(bia).get('/api/deposits');
    expect(other.json<{ items: Deposit[] }>().items.map((d) => d.amount)).toEqual([30]);
  });

  it('shows one own deposit with its instructions while pending; another user gets 404', async () => {
    await payments.settings();
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const created = await payments.openDeposit(owner, 42);

    const own = await t.as(owner).get(`/api/deposits/${created.id}`);
    expect(own.json()).toEqual({
      deposit: created,
      instructions: {
        method: 'pix',
        pix_key: PIX.pix_key,
        beneficiary: PIX.pix_beneficiary,
        amount: 42,
        reference: created.reference,
        pix_code: expect.stringContaining('540542.00') as string,
        expires_at: null,
        gateway: 'manual',
      },
    });
    const foreign = await t.as(stranger).get(`/api/deposits/${created.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    expect((await t.as(owner).get('/api/deposits/nao-existe')).statusCode).toBe(404);

    await t.as(admin).post(`/api/admin/deposits/${created.id}/approve`);
    const decided = await t.as(owner).get(`/api/deposits/${created.id}`);
    expect(decided.json()).toMatchObject({ deposit: { status: 'approved' }, instructions: null });
  });

  it('needs a customer session', async () => {
    expect((await t.anonymous.get('/api/deposits')).statusCode).toBe(401);
    expect((await t.as(admin).get('/api/deposits')).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/deposits/availability')).statusCode).toBe(401);
    expect((await t.as(admin).get('/api/deposits/x')).statusCode).toBe(403);
  });
});
