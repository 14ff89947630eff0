import {
  PROTECTION_LIMITS,
  deliveriesPageSchema,
  deliveriesQuerySchema,
  leakTraceResultSchema,
  protectionMessages,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/auth.js';
import type { Uploads } from '../../platform/http/multipart.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { DeliveryService } from './delivery-service.js';

/** The admin's deliveries: the list, and "Rastrear vazamento" (docs/loader-protocol.md). */
export function deliveryRoutes({
  deliveries: service,
  uploads,
}: {
  deliveries: DeliveryService;
  uploads: Uploads;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['deliveries'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Delivered copies of product files, newest first (by product, customer, search)',
        querystring: deliveriesQuerySchema,
        response: { 200: deliveriesPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.post(
      '/trace',
      guardedRoute(admin, tags, {
        summary:
          'Trace a leaked copy to its delivery (multipart: leakedFile, at most 64 MB + 64 bytes; productId)',
        consumes: ['multipart/form-data'],
        response: {
          200: leakTraceResultSchema,
          ...adminErrors,
          ...errorResponses(413, 429, 503),
        },
      }),
      (request) =>
        uploads.receive(
          request,
          {
            fields: ['productId'],
            file: 'leakedFile',
            maxFileBytes: PROTECTION_LIMITS.leakedFileMaxBytes,
            tooLargeMessage: protectionMessages.leakFileTooLarge,
          },
          (form) =>
            service.trace(form.file, form.fields.productId?.trim() || undefined, actorOf(request)),
        ),
    );

    done();
  };
}
