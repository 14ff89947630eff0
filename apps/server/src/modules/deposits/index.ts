/**
 * Balance deposits by PIX: the customer's charge (a BR Code to the admin's key, or a Mercado Pago
 * charge), the admin's decision and actions, the gateway's webhook, poll and settlement.
 */
export { createDepositsRepository } from './deposits-repository.js';
export type { DepositsService } from './deposits-service.js';
export { createDepositsService } from './deposits-service.js';
export type { CreateDepositOptions } from './customer-charges.js';
export type { SettleOutcome } from './settlement-table.js';
export { createMercadoPagoClient } from './mercadopago-client.js';
export { createGatewayPoll } from './gateway-poll.js';
export type { GatewayPoll } from './gateway-poll.js';
export { createPaymentNotifiedHandler } from './payment-notified.js';
export { adminDepositsRoutes, depositsRoutes } from './deposits-routes.js';
export { paymentWebhookRoutes } from './webhook-routes.js';
