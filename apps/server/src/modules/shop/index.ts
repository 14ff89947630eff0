/** The customer's shop: plans paid from the balance. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { OrderFulfilment, OrdersRepository } from '../orders/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { createShopRepository } from './shop-repository.js';
import { shopRoutes } from './shop-routes.js';
import { createShopService } from './shop-service.js';

export function createShopModule({
  db,
  clock,
  events,
  productRows,
  subscriptions,
  fulfilment,
  orderRows,
}: Pick<Platform, 'db' | 'clock' | 'events'> & {
  productRows: ProductsRepository;
  subscriptions: SubscriptionsService;
  fulfilment: OrderFulfilment;
  orderRows: OrdersRepository;
}) {
  const shop = createShopService({
    clock,
    shop: createShopRepository(db),
    products: productRows,
    subscriptions,
    fulfilment,
    orders: orderRows,
    events,
  });
  return defineModule({
    name: 'shop',
    routes: [{ scope: 'api', prefix: '/shop', plugin: shopRoutes({ shop }) }],
  });
}
