import type { CreateDepositResponse, Deposit } from '@chaveiro/contract';
import { expect, vi } from 'vitest';
import type { AnyEventHandler, DomainEvent } from '../events/index.js';
import { defineHandler } from '../events/index.js';
import type { PaymentsTestApp } from './payments-test-app.js';
import { startPaymentsTestApp } from './payments-test-app.js';
import type { TestAppOptions, TestUser } from './test-app.js';
import type { TestResponse } from './test-client.js';

/** The Mercado Pago credentials the in-test gateway knows. */
export const GATEWAY_TOKEN =
  'APP_USR-1234567890123456-112233-abcdef0123456789abcdef0123456789-987654321';
export const GATEWAY_SECRET = 'f3c1a9d2b7e84c55a0e6b1d9c2f4a8e7';

/** The admin's PIX data; names longer than the BR Code keeps (name 25, city 15). */
export const PIX = {
  pix_key: 'pix@chaveiro.com.br',
  pix_beneficiary: 'Chaveiro Tecnologia e Serviços Digitais LTDA',
  pix_city: 'São José dos Campos',
};

/** The admin every deposits test file signs in as. */
export const ADMIN_USERNAME = 'chefe_pix';

export interface DepositsTestApp extends PaymentsTestApp {
  admin: TestUser;
  /** Every deposit.paid event the app's handlers received, in delivery order. */
  paid: DomainEvent<'deposit.paid'>[];
  /** Every deposit.refunded event the app's handlers received, in delivery order. */
  refunded: DomainEvent<'deposit.refunded'>[];
  /** The handlers that fill `paid` and `refunded`, for a second app over the same database. */
  probes: readonly AnyEventHandler[];
  /** Saves the payment settings as the admin (PIX, with `changes` over it); expects 200. */
  settings(changes?: object): Promise<TestResponse>;
  /** Manual PIX: the customer pays the admin's key, the admin approves. */
  useManual(): Promise<TestResponse>;
  /** Mercado Pago with the credentials the in-test gateway knows. */
  useGateway(): Promise<TestResponse>;
  /** Opens a deposit as `user` through the API; expects 201. */
  openDeposit(user: TestUser, amount: number): Promise<Deposit>;
  /** Waits (up to 5 s) until the deposit's row has `status`. */
  waitForStatus(id: string, status: string): Promise<void>;
  /** The user's notifications, once the handlers that follow the answers so far ran. */
  notificationsOf(
    userId: string,
  ): Promise<{ kind: string; title: string; body: string; link: string | null }[]>;
}

function eventProbes() {
  const paid: DomainEvent<'deposit.paid'>[] = [];
  const refunded: DomainEvent<'deposit.refunded'>[] = [];
  const probes = [
    defineHandler({
      name: 'test.deposit-paid-probe',
      on: 'deposit.paid',
      handle: (event) => {
        paid.push(event);
        return Promise.resolve();
      },
    }),
    defineHandler({
      name: 'test.deposit-refunded-probe',
      on: 'deposit.refunded',
      handle: (event) => {
        refunded.push(event);
        return Promise.resolve();
      },
    }),
  ];
  return { paid, refunded, probes };
}

/**
 * The deposits tests' app: the payments test app (the real app against an in-test Mercado Pago
 * that knows GATEWAY_TOKEN, payments-test-app.ts) with an admin, the payment settings one call
 * away and the deposit events it published. No PIX key is set until a test sets one. One per
 * test file (beforeAll), closed in afterAll.
 */
export async function startDepositsTestApp(options: TestAppOptions = {}): Promise<DepositsTestApp> {
  const { paid, refunded, probes } = eventProbes();
  const payments = await startPaymentsTestApp(GATEWAY_TOKEN, {
    ...options,
    eventHandlers: [...(options.eventHandlers ?? []), ...probes],
  });
  const { t } = payments;
  const admin = await t.createUser({ role: 'admin', username: ADMIN_USERNAME });
  const settings = async (changes: object = {}) => {
    const response = await t.as(admin).patch('/api/admin/payment-settings', { ...PIX, ...changes });
    expect(response.statusCode).toBe(200);
    return response;
  };
  return {
    ...payments,
    admin,
    paid,
    refunded,
    probes,
    settings,
    useManual: () => settings({ mode: 'manual' }),
    useGateway: () =>
      settings({
        mode: 'mercadopago',
        mercadopago_access_token: GATEWAY_TOKEN,
        mercadopago_webhook_secret: GATEWAY_SECRET,
      }),
    async openDeposit(user, amount) {
      const response = await t.as(user).post('/api/deposits', { amount });
      expect(response.statusCode).toBe(201);
      return response.json<CreateDepositResponse>().deposit;
    },
    async waitForStatus(id, status) {
      await vi.waitFor(async () => expect((await payments.depositRow(id)).status).toBe(status), {
        timeout: 5000,
        interval: 20,
      });
    },
    async notificationsOf(userId) {
      await t.app.outbox.idle();
      return t.database.db
        .selectFrom('notifications')
        .select(['kind', 'title', 'body', 'link'])
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
