import {
  idParamSchema,
  productOperationalBodySchema,
  productOperationalResponseSchema,
  sellerApiProductsResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { apiActorOf } from '../../platform/http/api-token-auth.js';
import {
  errorResponses,
  sellerApiErrors,
  sellerApiRoute,
} from '../../platform/http/route-schemas.js';
import type { ProductOperationalStatusService, ProductsService } from '../products/index.js';

/**
 * The catalogue on the seller API (`/api/v1/products`, scope `products:read`) and a product's
 * operational status (`PATCH /api/v1/products/:id/status`, scope `products:write`: a status
 * page, a CI job or a Discord bot switching it when the product breaks).
 */
export function productsV1Routes({
  products: service,
  productStatus,
}: {
  products: ProductsService;
  productStatus: ProductOperationalStatusService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/products',
      sellerApiRoute(app.requireApiToken('products:read'), ['seller API'], {
        summary: 'Products on sale with their plans (retail prices in reais)',
        response: { 200: sellerApiProductsResponseSchema, ...sellerApiErrors },
      }),
      () => service.catalogue(),
    );

    app.patch(
      '/products/:id/status',
      sellerApiRoute(app.requireApiToken('products:write'), ['seller API'], {
        summary:
          "Set whether a product works now (operational, updating, unavailable), its public note, and whether its customers' time freezes meanwhile",
        params: idParamSchema,
        body: productOperationalBodySchema,
        response: {
          200: productOperationalResponseSchema,
          ...sellerApiErrors,
          ...errorResponses(400, 404),
        },
      }),
      (request) =>
        productStatus.change(request.params.id, request.body, {
          ...apiActorOf(request),
          via: 'api',
        }),
    );
    done();
  };
}
