import { DEPOSIT_LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.deposits;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_pix' });
});
afterAll(() => t.close());

interface Deposit {
  id: string;
  amount: number;
  reference: string;
  status: string;
  reject_reason: string | null;
  decided_at: string | null;
}

const PIX = {
  pix_key: 'pix@chaveiro.com.br',
  pix_beneficiary: 'Chaveiro Tecnologia LTDA',
  pix_city: 'São Paulo',
};

/** The settings as GET answers them with no gateway configured. */
function settingsOf(pix: { pix_key: string; pix_beneficiary: string; pix_city: string }) {
  return {
    mode: 'manual',
    ...pix,
    mercadopago_access_token: { configured: false, last4: null },
    mercadopago_webhook_secret: { configured: false, last4: null },
    webhook_url: `${t.config.publicUrl}/api/payments/mercadopago/webhook`,
  };
}

async function setPix(settings: typeof PIX = PIX) {
  const response = await t.as(admin).patch('/api/admin/payment-settings', settings);
  expect(response.statusCode).toBe(200);
}

async function deposit(user: TestUser, amount: number): Promise<Deposit> {
  const response = await t.as(user).post('/api/deposits', { amount });
  expect(response.statusCode).toBe(201);
  return response.json<{ deposit: Deposit }>().deposit;
}

/** The user's notifications, once the handlers that follow the answers so far ran. */
async function notificationsOf(userId: string) {
  await t.app.outbox.idle();
  return t.database.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link'])
    .where('user_id', '=', userId)
    .execute();
}

// Runs first: the PIX key is not set until the payment-settings tests set it.
describe('before the admin sets a PIX key', () => {
  it('reports PIX unavailable and refuses deposits with a pt-BR 409, storing nothing', async () => {
    const client = await t.createUser();
    const availability = await t.as(client).get('/api/deposits/availability');
    expect(availability.json()).toEqual({ pix: false });
    const response = await t.as(client).post('/api/deposits', { amount: 50 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: text.pixNotConfigured, code: 'PIX_NOT_CONFIGURED' });
    const list = await t.as(client).get('/api/deposits');
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET/PATCH /api/admin/payment-settings', () => {
  it('saves a normalised PIX key and the beneficiary, logging the change', async () => {
    const empty = await t.as(admin).get('/api/admin/payment-settings');
    expect(empty.json()).toEqual(settingsOf({ pix_key: '', pix_beneficiary: '', pix_city: '' }));
    const response = await t.as(admin).patch('/api/admin/payment-settings', {
      pix_key: ' 529.982.247-25 ',
      pix_beneficiary: ' Maria da Silva ',
      pix_city: ' Belo Horizonte ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: text.paymentSettingsSaved,
      ...settingsOf({
        pix_key: '52998224725',
        pix_beneficiary: 'Maria da Silva',
        pix_city: 'Belo Horizonte',
      }),
    });
    expect(await t.lastActivity()).toBe(text.logPaymentSettings('52998224725'));
    await setPix();
    const read = await t.as(admin).get('/api/admin/payment-settings');
    expect(read.json()).toEqual(settingsOf(PIX));
  });

  it.each([
    [{ pix_key: '123.456.789-00', pix_beneficiary: 'Fulano' }, text.pixKeyInvalid],
    [{ pix_key: '11987654321', pix_beneficiary: 'Fulano' }, text.pixKeyInvalid],
    [{ pix_key: 'nao é chave', pix_beneficiary: 'Fulano' }, text.pixKeyInvalid],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'Fu' }, text.beneficiaryRequired],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'x'.repeat(101) }, text.beneficiaryMax],
    [{ pix_key: 'pix@example.com' }, text.beneficiaryRequired],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'Fulano' }, text.cityRequired],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'Fulano', pix_city: '12' }, text.cityRequired],
    [{ ...PIX, pix_city: 'x'.repeat(61) }, text.cityMax],
    [{ ...PIX, mode: 'paypal' }, text.modeInvalid],
    [{ ...PIX, mode: 'mercadopago' }, text.gatewayCredentialsRequired],
    [{ ...PIX, mercadopago_access_token: 'x'.repeat(301) }, text.secretMax],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const response = await t.as(admin).patch('/api/admin/payment-settings', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('is for admins only', async () => {
    const client = await t.createUser();
    const reseller = await t.createUser({ role: 'reseller' });
    for (const user of [client, reseller]) {
      expect((await t.as(user).get('/api/admin/payment-settings')).statusCode).toBe(403);
      const patch = await t.as(user).patch('/api/admin/payment-settings', PIX);
      expect(patch.statusCode).toBe(403);
    }
    expect((await t.anonymous.get('/api/admin/payment-settings')).statusCode).toBe(401);
    expect((await t.anonymous.patch('/api/admin/payment-settings', PIX)).statusCode).toBe(401);
  });
});

describe('POST /api/deposits', () => {
  it('opens a pending deposit with a unique reference and the PIX instructions', async () => {
    await setPix();
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
    for (let i = 0; i < 4; i += 1) references.add((await deposit(client, 5)).reference);
    expect(references.size).toBe(5);
  });

  it(`allows at most ${String(DEPOSIT_LIMITS.pendingMax)} pending deposits per user`, async () => {
    await setPix();
    const client = await t.createUser();
    await Promise.all(Array.from({ length: DEPOSIT_LIMITS.pendingMax }, () => deposit(client, 10)));
    const response = await t.as(client).post('/api/deposits', { amount: 10 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: text.tooManyPending(DEPOSIT_LIMITS.pendingMax),
      code: 'TOO_MANY_PENDING_DEPOSITS',
    });
  });

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
    await setPix();
    const client = await t.createUser();
    expect((await deposit(client, 5)).amount).toBe(5);
    expect((await deposit(client, 10_000)).amount).toBe(10_000);
    const extra = await t.as(client).post('/api/deposits', { amount: 10, status: 'approved' });
    expect(extra.statusCode).toBe(400);
    expect((await t.as(admin).post('/api/deposits', { amount: 10 })).statusCode).toBe(403);
    expect((await t.anonymous.post('/api/deposits', { amount: 10 })).statusCode).toBe(401);
  });
});

describe('GET /api/deposits and /api/deposits/{id}', () => {
  it("lists only the caller's own deposits, newest first and paged", async () => {
    await setPix();
    const ana = await t.createUser();
    const bia = await t.createUser({ role: 'reseller' });
    const first = await deposit(ana, 10);
    t.clock.advance(1000);
    const second = await deposit(ana, 20);
    await deposit(bia, 30);

    const page = await t.as(ana).get('/api/deposits?pageSize=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ items: [second], total: 2, page: 1, pageSize: 1 });
    const next = await t.as(ana).get('/api/deposits?pageSize=1&page=2');
    expect(next.json<{ items: Deposit[] }>().items).toEqual([first]);
    const other = await t.as(bia).get('/api/deposits');
    expect(other.json<{ items: Deposit[] }>().items.map((d) => d.amount)).toEqual([30]);
  });

  it('shows one own deposit with its instructions while pending; another user gets 404', async () => {
    await setPix();
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const created = await deposit(owner, 42);

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

describe('GET /api/admin/deposits', () => {
  it('filters by status and finds a deposit by username, e-mail or reference', async () => {
    await setPix();
    const client = await t.createUser({
      username: 'pagador_unico',
      email: 'quem.paga@example.com',
    });
    const pending = await deposit(client, 15);
    const rejected = await deposit(client, 16);
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

  it('refuses an unknown status filter in pt-BR, and non-admins', async () => {
    const bad = await t.as(admin).get('/api/admin/deposits?status=paid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: text.statusInvalid, code: 'VALIDATION_ERROR' });
    const client = await t.createUser();
    expect((await t.as(client).get('/api/admin/deposits')).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/admin/deposits')).statusCode).toBe(401);
  });
});

describe('POST /api/admin/deposits/{id}/approve and /reject', () => {
  it('credits the balance once, with a ledger line, a notification and an activity row', async () => {
    await setPix();
    const client = await t.createUser();
    const created = await deposit(client, 123.45);

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
    expect(await notificationsOf(client.id)).toEqual([
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

  it('credits exactly once under 10 simultaneous approvals', async () => {
    await setPix();
    const client = await t.createUser();
    const created = await deposit(client, 50);
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
    expect(await notificationsOf(client.id)).toHaveLength(1);
    await t.fixtures.expectLedgerMatches(client.id);
  });

  it('rejects with a reason the owner is told, and never credits afterwards', async () => {
    await setPix();
    const client = await t.createUser();
    const created = await deposit(client, 80);

    const response = await t.as(admin).post(`/api/admin/deposits/${created.id}/reject`, {
      reason: '  Pagamento não encontrado no extrato  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: text.rejected,
      deposit: { status: 'rejected', reject_reason: 'Pagamento não encontrado no extrato' },
    });
    expect(await notificationsOf(client.id)).toEqual([
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
    await setPix();
    const client = await t.createUser();
    const created = await deposit(client, 10);
    const response = await t.as(admin).post(`/api/admin/deposits/${created.id}/reject`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('answers 404 for an unknown deposit and 401/403 for non-admins', async () => {
    const unknown = await t.as(admin).post('/api/admin/deposits/nao-existe/approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    const unknownReject = await t.as(admin).post('/api/admin/deposits/nao-existe/reject', {
      reason: 'Não existe',
    });
    expect(unknownReject.statusCode).toBe(404);

    await setPix();
    const client = await t.createUser();
    const created = await deposit(client, 10);
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

  it('turns deposits off again when the admin clears the PIX key', async () => {
    await setPix();
    const client = await t.createUser();
    const created = await deposit(client, 10);
    const cleared = await t.as(admin).patch('/api/admin/payment-settings', {
      pix_key: '',
      pix_beneficiary: 'ignorado',
    });
    expect(cleared.json()).toEqual({
      message: text.paymentSettingsCleared,
      ...settingsOf({ pix_key: '', pix_beneficiary: '', pix_city: '' }),
    });
    expect(await t.lastActivity()).toBe(text.logPaymentSettingsCleared);
    expect((await t.as(client).post('/api/deposits', { amount: 10 })).statusCode).toBe(409);
    const detail = await t.as(client).get(`/api/deposits/${created.id}`);
    expect(detail.json()).toMatchObject({ instructions: null });
    // A deposit already paid can still be approved.
    const approve = await t.as(admin).post(`/api/admin/deposits/${created.id}/approve`);
    expect(approve.statusCode).toBe(200);
    await setPix();
  });
});
