/** The admin's customer page: one account with its machines, money, tickets and keys. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { BalanceService } from '../balance/index.js';
import type { ClientRepository, ClientService } from '../client/index.js';
import type { DepositsService } from '../deposits/index.js';
import type { OrdersService } from '../orders/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { SupportService } from '../support/index.js';
import { adminCustomersRoutes } from './admin-customers-routes.js';
import { createAdminCustomersService } from './admin-customers-service.js';
import { createCustomerRepository } from './customer-repository.js';

export type { AdminCustomersService } from './admin-customers-service.js';

export function createAdminCustomersModule({
  db,
  clock,
  subscriptions,
  balance,
  deposits,
  orders,
  support,
  client,
  clientRows,
}: Pick<Platform, 'db' | 'clock'> & {
  subscriptions: SubscriptionsService;
  // The sections are the lists the customer sees of themself, read by their own services.
  balance: BalanceService;
  deposits: DepositsService;
  orders: OrdersService;
  support: SupportService;
  client: ClientService;
  clientRows: ClientRepository;
}) {
  const adminCustomers = createAdminCustomersService({
    clock,
    customers: createCustomerRepository(db),
    subscriptions,
    balance,
    deposits,
    orders,
    support,
    client,
    clientRepo: clientRows,
  });
  return defineModule({
    name: 'admin-customers',
    // The seller API's user lookup answers the page's overview.
    services: { adminCustomers },
    routes: [
      {
        scope: 'api',
        prefix: '/users/:id',
        plugin: adminCustomersRoutes({ adminCustomers }),
      },
    ],
  });
}
