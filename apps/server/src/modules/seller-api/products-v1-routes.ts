import { sellerApiProductsResponseSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sellerApiErrors, sellerApiRoute } from '../../platform/http/route-schemas.js';
import type { ProductsService } from '../products/index.js';

/** The catalogue on the seller API (`/api/v1/products`, scope `products:read`). */
export function productsV1Routes({
  products: service,
}: {
  products: ProductsService;
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
    done();
  };
}
