/** Orders: every purchase (balance or PIX), the one-step checkout, completion, receipts. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { DepositsService } from '../deposits/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { SettingsRepository } from '../settings/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import { createOrderCompletion } from './order-completion.js';
import { createOrderFulfilment } from './order-fulfilment.js';
import { createOrdersRepository } from './orders-repository.js';
import { checkoutRoutes, ordersRoutes } from './orders-routes.js';
import { createOrdersService } from './orders-service.js';

export type { OrdersRepository } from './orders-repository.js';
export type { Fulfilled, OrderFulfilment } from './order-fulfilment.js';
export type { OrdersService } from './orders-service.js';

export function createOrdersModule({
  db,
  clock,
  events,
  productRows,
  subscriptions,
  users,
  balance,
  deposits,
  settingsRows,
  activity,
}: Pick<Platform, 'db' | 'clock' | 'events'> & {
  productRows: ProductsRepository;
  subscriptions: SubscriptionsService;
  users: UsersRepository;
  balance: BalanceService;
  deposits: DepositsService;
  settingsRows: SettingsRepository;
  activity: ActivityService;
}) {
  const orderRows = createOrdersRepository(db);
  /** What a paid order delivers (a subscription's days), for the checkout and the shop alike. */
  const fulfilment = createOrderFulfilment({
    clock,
    orders: orderRows,
    products: productRows,
    subscriptions,
    balance,
    activity,
    events,
  });
  const orders = createOrdersService({
    clock,
    orders: orderRows,
    fulfilment,
    subscriptions,
    users,
    deposits,
    settings: settingsRows,
    events,
  });
  return defineModule({
    name: 'orders',
    services: { orders, orderRows, fulfilment },
    routes: [
      { scope: 'api', prefix: '/orders', plugin: ordersRoutes({ orders }) },
      { scope: 'api', prefix: '/shop/checkout', plugin: checkoutRoutes({ orders }) },
    ],
    handlers: createOrderCompletion({ clock, orders: orderRows, fulfilment, activity, events }),
  });
}
