import {
  ROLES,
  idParamSchema,
  purchaseBodySchema,
  purchaseResponseSchema,
  renewalOfferSchema,
  shopProductsResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf, authOf } from '../../platform/http/auth.js';
import type { ShopService } from './shop-service.js';

/** The customer shop (`/dashboard/shop`): the catalogue on sale and purchases from the balance. */
export function shopRoutes({ shop: service }: { shop: ShopService }): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const signedIn = app.requireRole(...ROLES);
    const customer = app.requireRole('client', 'reseller');
    const tags = ['shop'];

    app.get(
      '/products',
      guardedRoute(signedIn, tags, {
        summary: 'Active products with their priced plans (reais) and what the caller holds',
        response: { 200: shopProductsResponseSchema, ...errorResponses(401, 403) },
      }),
      (request) => service.products(authOf(request).userId),
    );

    app.post(
      '/purchase',
      guardedRoute(customer, tags, {
        summary:
          'Pay a plan from the balance; creates or extends the subscription (409 INSUFFICIENT_BALANCE)',
        body: purchaseBodySchema,
        response: {
          200: purchaseResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      }),
      (request) => service.purchase(actorOf(request), request.body),
    );

    app.get(
      '/renewal/:id',
      guardedRoute(customer, tags, {
        summary:
          'What "Renovar" offers for one own subscription: its product on sale and the plan last bought',
        params: idParamSchema,
        response: { 200: renewalOfferSchema, ...errorResponses(400, 401, 403, 404, 422) },
      }),
      (request) => service.renewalOffer(authOf(request).userId, request.params.id),
    );

    done();
  };
}
