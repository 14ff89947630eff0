/**
 * The seller REST API `/api/v1`, served from this module alone: its scope (API tokens, rate
 * limit, maintenance, `Idempotency-Key`) and every v1 route — keys, licences, users, storefront
 * deliveries, the product catalogue and webhook endpoints — acting through the dashboards' own
 * services (same prices, rules and logs).
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { AdminCustomersService } from '../admin-customers/index.js';
import type { AdminUsersService } from '../admin-users/index.js';
import type { KeysRepository, KeysService } from '../keys/index.js';
import type { ProductOperationalStatusService, ProductsService } from '../products/index.js';
import type { ResellerService } from '../reseller/index.js';
// The deliveries' product: whether it can be sold now.
import type { ProductsRepository } from '../products/index.js';
import type { SettingsCache } from '../settings/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import type { WebhooksService } from '../webhooks/index.js';
import { createIdempotency } from './idempotency.js';
import { createIdempotencyRepository } from './idempotency-repository.js';
import { productsV1Routes } from './products-v1-routes.js';
import { createSellerApiRepository } from './seller-api-repository.js';
import { sellerApiV1Routes } from './seller-api-routes.js';
import { sellerApiScope } from './seller-api-scope.js';
import { createSellerApiService } from './seller-api-service.js';
import { webhooksV1Routes } from './webhooks-v1-routes.js';

export type { ApiCaller, SellerApiService } from './seller-api-service.js';

export function createSellerApiModule({
  db,
  clock,
  background,
  events,
  log,
  sellerApiExtensions,
  settingsCache,
  keys,
  keyRows,
  productRows,
  reseller,
  adminUsers,
  adminCustomers,
  subscriptions,
  users,
  products,
  productStatus,
  webhooks,
}: Pick<Platform, 'db' | 'clock' | 'background' | 'events' | 'log' | 'sellerApiExtensions'> & {
  settingsCache: SettingsCache;
  keys: KeysService;
  keyRows: KeysRepository;
  productRows: ProductsRepository;
  reseller: ResellerService;
  adminUsers: AdminUsersService;
  adminCustomers: AdminCustomersService;
  subscriptions: SubscriptionsService;
  users: UsersRepository;
  products: ProductsService;
  productStatus: ProductOperationalStatusService;
  webhooks: WebhooksService;
}) {
  const sellerApi = createSellerApiService({
    clock,
    repository: createSellerApiRepository(db),
    events,
    keys,
    keyRows,
    reseller,
    products: productRows,
    adminUsers,
    adminCustomers,
    subscriptions,
    users,
  });
  const scope = sellerApiScope({
    settingsCache,
    idempotency: createIdempotency({
      clock,
      background,
      repository: createIdempotencyRepository(db),
      log,
    }),
    routes: [
      productsV1Routes({ products, productStatus }),
      sellerApiV1Routes({ sellerApi }),
      webhooksV1Routes({ webhooks }),
      ...sellerApiExtensions,
    ],
  });
  // A sibling of /api, whose hooks read site sessions; the router prefers its longer prefix.
  return defineModule({
    name: 'seller-api',
    routes: [{ scope: 'site', prefix: '/api/v1', plugin: scope }],
  });
}
