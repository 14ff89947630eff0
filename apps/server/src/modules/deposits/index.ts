/**
 * Balance deposits: the customer's PIX charges, their Mercado Pago settlement (webhook, poll and
 * the admin's decisions through one path), the admin's back office and the payment settings.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { adminDepositsRoutes, depositsRoutes, paymentSettingsRoutes } from './deposits-routes.js';
import { createDepositsRepository } from './deposits-repository.js';
import { createDepositsService } from './deposits-service.js';
import { createGatewayPoll } from './gateway-poll.js';
import { createMercadoPagoClient } from './mercadopago-client.js';
import { createPaymentNotifiedHandler } from './payment-notified.js';
import { paymentWebhookRoutes } from './webhook-routes.js';

export { createDepositsRepository } from './deposits-repository.js';
export type { DepositsService } from './deposits-service.js';
export { createDepositsService } from './deposits-service.js';
export type { CreateDepositOptions } from './customer-charges.js';
export type { SettleOutcome } from './settlement-table.js';
export { createMercadoPagoClient } from './mercadopago-client.js';
export type { GatewayPoll } from './gateway-poll.js';

export function createDepositsModule({
  db,
  backgroundReads,
  dialect,
  clock,
  config,
  jobLeases,
  events,
  log,
  settingsRows,
  balance,
  activity,
}: Pick<
  Platform,
  'db' | 'backgroundReads' | 'dialect' | 'clock' | 'config' | 'jobLeases' | 'events' | 'log'
> & {
  /** The payment rows, written with their activity line and read in the deposit's transaction. */
  settingsRows: SettingsRepository;
  balance: BalanceService;
  activity: ActivityService;
}) {
  const repository = createDepositsRepository(db, dialect, backgroundReads);
  const deposits = createDepositsService({
    db,
    clock,
    deposits: repository,
    settings: settingsRows,
    balance,
    activity,
    gateway: createMercadoPagoClient({ baseUrl: config.mercadoPagoApiUrl }),
    webhookUrl: `${config.publicUrl}/api/payments/mercadopago/webhook`,
    events,
    log,
  });
  const settle = (paymentId: string) => deposits.settle(paymentId);
  return defineModule({
    name: 'deposits',
    // Orders pay by PIX through it; the customer page lists the customer's deposits.
    services: { deposits },
    routes: [
      { scope: 'api', prefix: '/deposits', plugin: depositsRoutes({ deposits }) },
      { scope: 'api', prefix: '/admin/deposits', plugin: adminDepositsRoutes({ deposits }) },
      {
        scope: 'api',
        prefix: '/admin/payment-settings',
        plugin: paymentSettingsRoutes({ deposits }),
      },
      { scope: 'api', prefix: '/payments', plugin: paymentWebhookRoutes({ deposits, clock }) },
    ],
    handlers: [createPaymentNotifiedHandler({ settle })],
    jobs: {
      /** Pending Mercado Pago charges re-read every 30 s (a lost webhook). */
      gatewayPoll: createGatewayPoll({ clock, jobLeases, deposits: repository, settle, log }),
    },
  });
}
