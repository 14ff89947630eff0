import {
  customerMachineParamSchema,
  customerOverviewSchema,
  customerParamSchema,
  customerRedeemedKeysPageSchema,
  customerSectionQuerySchema,
  depositsPageSchema,
  ledgerPageSchema,
  messageResponseSchema,
  ordersPageSchema,
  ticketsPageSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { AdminCustomersService } from './admin-customers-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };

/** The admin's customer page (`/admin/users/:id`): its head, its sections, machine release. */
export function adminCustomersRoutes({
  adminCustomers: service,
}: {
  adminCustomers: AdminCustomersService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['users'];

    app.get(
      '/overview',
      guardedRoute(admin, tags, {
        summary: 'The customer page head: profile, last sign-in, subscriptions and machines',
        params: customerParamSchema,
        response: { 200: customerOverviewSchema, ...withNotFound },
      }),
      (request) => service.overview(request.params.id),
    );

    app.get(
      '/ledger',
      guardedRoute(admin, tags, {
        summary: 'Balance ledger, newest first',
        params: customerParamSchema,
        querystring: customerSectionQuerySchema,
        response: { 200: ledgerPageSchema, ...withNotFound },
      }),
      (request) => service.ledger(request.params.id, request.query),
    );

    app.get(
      '/deposits',
      guardedRoute(admin, tags, {
        summary: 'Deposits, newest first',
        params: customerParamSchema,
        querystring: customerSectionQuerySchema,
        response: { 200: depositsPageSchema, ...withNotFound },
      }),
      (request) => service.deposits(request.params.id, request.query),
    );

    app.get(
      '/orders',
      guardedRoute(admin, tags, {
        summary: 'Purchases and unspent deposits ("Pedidos"), newest first',
        params: customerParamSchema,
        querystring: customerSectionQuerySchema,
        response: { 200: ordersPageSchema, ...withNotFound },
      }),
      (request) => service.orders(request.params.id, request.query),
    );

    app.get(
      '/redeemed-keys',
      guardedRoute(admin, tags, {
        summary: 'Keys the customer redeemed, newest first',
        params: customerParamSchema,
        querystring: customerSectionQuerySchema,
        response: { 200: customerRedeemedKeysPageSchema, ...withNotFound },
      }),
      (request) => service.redeemedKeys(request.params.id, request.query),
    );

    app.get(
      '/tickets',
      guardedRoute(admin, tags, {
        summary: 'Support tickets, latest activity first',
        params: customerParamSchema,
        querystring: customerSectionQuerySchema,
        response: { 200: ticketsPageSchema, ...withNotFound },
      }),
      (request) => service.tickets(request.params.id, request.query),
    );

    app.delete(
      '/machines/:machineId',
      guardedRoute(admin, tags, {
        summary: "Release one of the customer's machines (the others stay bound, no credit spent)",
        params: customerMachineParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) =>
        service.releaseMachine(request.params.id, request.params.machineId, actorOf(request)),
    );

    done();
  };
}
