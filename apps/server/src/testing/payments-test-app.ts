import type { AddressInfo } from 'node:net';
import type { CreateDepositResponse } from '@chaveiro/contract';
import { expect } from 'vitest';
import {
  createDepositsRepository,
  createDepositsService,
  createMercadoPagoClient,
} from '../modules/deposits/index.js';
import type { FakeMercadoPago } from './fake-mercadopago.js';
import { startFakeMercadoPago } from './fake-mercadopago.js';
import type { TestApp, TestAppOptions, TestUser } from './test-app.js';
import { createTestApp } from './test-app.js';

type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>;

export interface PaymentsTestApp {
  t: TestApp;
  fake: FakeMercadoPago;
  /** The listening app's webhook, where the fake posts its signed notifications. */
  webhookUrl: string;
  /** Opens a deposit through the API (gateway mode) and finds its payment in the fake. */
  charge(user: TestUser, amount: number): Promise<CreateDepositResponse & { paymentId: number }>;
  depositRow(id: string): ReturnType<typeof depositRowOf>;
  /** The deposits service as services.ts builds it, on `gateway` (e.g. one holding calls back). */
  depositsService(gateway?: MercadoPagoClient): ReturnType<typeof createDepositsService>;
  close(): Promise<void>;
}

function depositRowOf(t: TestApp, id: string) {
  return t.database.db
    .selectFrom('deposits')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The app against an in-test Mercado Pago (fake-mercadopago.ts) that knows `token`, for the
 * payments tests: real HTTP both ways (the app calls the fake through MERCADOPAGO_API_URL, the
 * fake posts to the listening app). The fake's clock is the app's, so signatures and expiries
 * follow the test's time.
 */
export async function startPaymentsTestApp(
  token: string,
  options: TestAppOptions = {},
): Promise<PaymentsTestApp> {
  let clockNow = () => Date.now();
  const fake = await startFakeMercadoPago({ now: () => clockNow() });
  fake.tokens.add(token);
  const t = await createTestApp({
    ...options,
    env: { ...options.env, MERCADOPAGO_API_URL: fake.url },
  });
  clockNow = () => t.clock.now();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const webhookUrl = `http://127.0.0.1:${String(port)}/api/payments/mercadopago/webhook`;
  return {
    t,
    fake,
    webhookUrl,
    async charge(user, amount) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        headers: user.headers,
        payload: { amount },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<CreateDepositResponse>();
      const payment = [...fake.payments.values()].find(
        (p) => p.external_reference === body.deposit.reference,
      );
      expect(payment).toBeDefined();
      return { ...body, paymentId: payment!.id };
    },
    depositRow: (id) => depositRowOf(t, id),
    depositsService(gateway = createMercadoPagoClient({ baseUrl: fake.url })) {
      const { db } = t.database;
      const { settingsRows, balance, activity } = t.app.services;
      return createDepositsService({
        db,
        clock: t.clock,
        deposits: createDepositsRepository(db, t.database.dialect, t.database.backgroundReads),
        settings: settingsRows,
        balance,
        activity,
        gateway,
        webhookUrl,
        events: t.app.outbox,
        log: { warn: () => undefined },
      });
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
