/**
 * Balance deposits by PIX: the customer's charge (a BR Code to the admin's key, or a Mercado Pago
 * charge), the admin's decision and actions, the gateway's webhook, poll and settlement.
 */
export { createDepositsRepository } from './deposits-repository.js';
export type { CreateDepositOptions, DepositsService, SettleOutcome } from './deposits-service.js';
export { createDepositsService } from './deposits-service.js';
export { createMercadoPagoClient } from './mercadopago-client.js';
export { createGatewayPoll } from './gateway-poll.js';
export type { GatewayPoll } from './gateway-poll.js';
export { createPaymentNotifiedHandler } from './payment-notified.js';
export { adminDepositsRoutes, depositsRoutes, paymentWebhookRoutes } from './deposits-routes.js';
