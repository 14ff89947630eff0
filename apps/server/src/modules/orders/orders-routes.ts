import {
  checkoutBodySchema,
  checkoutResponseSchema,
  idParamSchema,
  orderReceiptSchema,
  ordersPageSchema,
  ordersQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf, authOf } from '../../platform/http/auth.js';
import { errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { OrdersService } from './orders-service.js';

/** `/api/shop/checkout`: one-step checkout, from the balance or by PIX. */
export function checkoutRoutes({
  orders: service,
}: {
  orders: OrdersService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const customer = app.requireRole('client', 'reseller');
    app.post(
      '',
      guardedRoute(customer, ['shop'], {
        summary:
          'Buy or renew a plan: from the balance now, or an order completed by itself once its PIX deposit (shortfall or whole price) is paid',
        body: checkoutBodySchema,
        response: {
          200: checkoutResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      }),
      (request) => service.checkout(actorOf(request), request.body),
    );
    done();
  };
}

/** `/api/orders`: the customer's purchases and deposits, and one order's receipt. */
export function ordersRoutes({
  orders: service,
}: {
  orders: OrdersService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const customer = app.requireRole('client', 'reseller');
    const tags = ['orders'];
    app.get(
      '/',
      guardedRoute(customer, tags, {
        summary: "The caller's orders and the deposits funding none, newest first",
        querystring: ordersQuerySchema,
        response: { 200: ordersPageSchema, ...errorResponses(400, 401, 403) },
      }),
      (request) => service.list(authOf(request).userId, request.query),
    );
    app.get(
      '/:id',
      guardedRoute(customer, tags, {
        summary: 'One own order: its status (polled while paying) and the receipt data',
        params: idParamSchema,
        response: { 200: orderReceiptSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      (request) => service.receipt(authOf(request).userId, request.params.id),
    );
    done();
  };
}
