/** Orders: every purchase (balance or PIX), the one-step checkout, completion, receipts. */
export type { OrdersRepository } from './orders-repository.js';
export { createOrdersRepository } from './orders-repository.js';
export type { Fulfilled, OrderFulfilment } from './order-fulfilment.js';
export { createOrderFulfilment } from './order-fulfilment.js';
export type { OrdersService } from './orders-service.js';
export { createOrdersService } from './orders-service.js';
export { createOrderCompletion } from './order-completion.js';
export { checkoutRoutes, ordersRoutes } from './orders-routes.js';
