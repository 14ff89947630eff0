import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../platform/db/database.js';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { GATEWAY_SECRET as SECRET, startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createMercadoPagoClient } from './mercadopago-client.js';

/**
 * A payment credited, taken back or closed exactly once however many settle it at the same time:
 * duplicate notifications racing the poll, a second process after a restart, the admin's cancel
 * and refund racing the gateway, and a settlement that acts on a read gone stale.
 */

let payments: DepositsTestApp;
let fake: FakeMercadoPago;
let t: TestApp;
let admin: TestUser;
let webhookUrl: string;

beforeAll(async () => {
  payments = await startDepositsTestApp();
  ({ fake, t, admin, webhookUrl } = payments);
});
afterAll(() => payments.close());
beforeEach(async () => {
  fake.healthy();
  await payments.useGateway();
});

describe('duplicate notifications racing the poll', () => {
  it('credits once under 5 duplicate webhooks racing 3 polls', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 77.7);
    fake.approve(created.paymentId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => fake.sendWebhook(webhookUrl, SECRET, created.paymentId)),
      t.app.jobs.gatewayPoll.runOnce(),
      t.app.jobs.gatewayPoll.runOnce(),
      t.app.jobs.gatewayPoll.runOnce(),
    ]);
    expect(results.slice(0, 5).map((r) => (r as { status: number }).status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    await payments.waitForStatus(created.deposit.id, 'approved');
    await t.app.outbox.stop();
    await t.app.outbox.drain();
    t.app.outbox.start();
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(7770);
    expect(await t.fixtures.ledger(client.id)).toHaveLength(1);
    expect(payments.paid.filter((e) => e.payload.depositId === created.deposit.id)).toHaveLength(1);
  });
});

describe('a restart mid-settlement', () => {
  it('a restart between the notification and its settlement still credits once', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 55);
    fake.approve(created.paymentId);
    // The gateway cannot be read when the notification arrives: its settlement is retried.
    fake.down();
    const sent = await fake.sendWebhook(webhookUrl, SECRET, created.paymentId);
    expect(sent.status).toBe(200);
    await t.app.outbox.stop();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('pending');
    fake.healthy();

    // A second process over the same database picks the retry up.
    const database = createDatabase(t.config);
    const second = await buildApp({
      config: t.config,
      database,
      clock: t.clock,
      eventHandlers: payments.probes,
    });
    try {
      await second.ready();
      t.clock.advance(60_000);
      await second.outbox.stop();
      await second.outbox.drain();
      expect((await payments.depositRow(created.deposit.id)).status).toBe('approved');
      // Its poll and a late duplicate notification change nothing.
      await second.jobs.gatewayPoll.runOnce();
      expect((await fake.sendWebhook(webhookUrl, SECRET, created.paymentId)).status).toBe(200);
      await t.app.outbox.drain();
      await second.outbox.drain();
      expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(5500);
      expect(payments.paid.filter((e) => e.payload.depositId === created.deposit.id)).toHaveLength(
        1,
      );
    } finally {
      await second.close();
      await database.destroy();
      t.app.outbox.start();
    }
  });
});

describe('the admin racing the gateway', () => {
  it('manual approval of a gateway deposit is refused; cancel racing the payment credits once', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 33);
    const approve = await t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/approve`);
    expect(approve.statusCode).toBe(409);
    fake.approve(created.paymentId);
    const [cancel] = await Promise.all([
      t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/cancel`),
      t.app.jobs.gatewayPoll.runOnce(),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
    ]);
    // Paid before the admin's cancel reached the gateway: 409, not a gateway failure (502).
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'DEPOSIT_NOT_PENDING' });
    await payments.waitForStatus(created.deposit.id, 'approved');
    await t.app.outbox.drain();
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(3300);
    // Refund racing a chargeback notification and the poll: debited once.
    const [refund] = await Promise.all([
      t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/refund`),
      t.app.jobs.gatewayPoll.runOnce(),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
    ]);
    expect(refund.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('refunded');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    expect(await t.fixtures.ledger(client.id)).toHaveLength(2);
  });
});

describe('a settlement on a stale read', () => {
  it('a refund read while another settlement credits the deposit still takes it back once', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 44);
    const real = createMercadoPagoClient({ baseUrl: fake.url });
    let release: () => void = () => undefined;
    let gateNext = false;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The service as services.ts builds it, its gateway reads held back on demand.
    const service = payments.depositsService({
      ...real,
      async getPayment(token, id) {
        if (gateNext) {
          gateNext = false;
          await gate;
        }
        return real.getPayment(token, id);
      },
    });
    fake.approve(created.paymentId);
    // Settlement B reads the deposit (pending), then waits for the gateway...
    gateNext = true;
    const late = service.settle(String(created.paymentId));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ...while settlement A credits it, and the payer's bank refunds it.
    expect(await service.settle(String(created.paymentId))).toBe('paid');
    expect(await t.fixtures.balance(client.id)).toBe(4400);
    fake.refund(created.paymentId);
    release();
    expect(await late).toBe('refunded');
    expect((await payments.depositRow(created.deposit.id)).status).toBe('refunded');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    expect(await service.settle(String(created.paymentId))).toBe('unchanged');
    expect(await t.fixtures.ledger(client.id)).toHaveLength(2);
  });
});
