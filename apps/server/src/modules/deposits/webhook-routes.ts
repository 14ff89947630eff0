import { messageResponseSchema, messages } from '@chaveiro/contract';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../platform/core/errors.js';
import { errorResponses } from '../../platform/http/route-schemas.js';
import type { Clock } from '../../platform/core/clock.js';
import { verifyWebhookSignature } from './webhook-signature.js';
import type { Settlement } from './settlement.js';

const webhookQuerySchema = z.looseObject({
  'data.id': z.string().max(64).optional(),
  type: z.string().max(64).optional(),
});

/**
 * Mercado Pago's notifications (public, signed): `POST /api/payments/mercadopago/webhook
 * ?data.id=…&type=payment`. The signature (x-signature over data.id from the query string,
 * x-request-id and ts) is checked, a replayed x-request-id refused, and the settlement is
 * scheduled durably (the outbox); it answers at once. The body is never trusted.
 */
export function paymentWebhookRoutes({
  deposits: service,
  clock,
}: {
  deposits: Pick<Settlement, 'webhookSecret' | 'notified'>;
  clock: Clock;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '/mercadopago/webhook',
      {
        schema: {
          tags: ['deposits'],
          summary:
            "Mercado Pago's payment notification: 200 once accepted (settled in the background), 401 for a missing, forged, old or replayed signature",
          querystring: webhookQuerySchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const dataId = request.query['data.id'];
        const requestId = header('x-request-id');
        const ts = verifyWebhookSignature({
          secret: await service.webhookSecret(),
          signature: header('x-signature'),
          requestId,
          dataId,
          nowMs: clock.now(),
        });
        if (ts === null || !dataId || !requestId) {
          throw new UnauthorizedError(
            messages.deposits.webhookInvalid,
            'WEBHOOK_SIGNATURE_INVALID',
          );
        }
        if (request.query.type === 'payment' && /^\d{1,20}$/.test(dataId)) {
          if (!(await service.notified(dataId, requestId, ts))) {
            throw new UnauthorizedError(
              messages.deposits.webhookInvalid,
              'WEBHOOK_SIGNATURE_INVALID',
            );
          }
        }
        return { message: messages.deposits.webhookReceived };
      },
    );
    done();
  };
}
