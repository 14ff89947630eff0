import {
  adminDepositsExportQuerySchema,
  adminDepositsPageSchema,
  adminDepositsQuerySchema,
  createDepositBodySchema,
  createDepositResponseSchema,
  depositAvailabilitySchema,
  depositDecisionResponseSchema,
  depositDetailSchema,
  depositsPageSchema,
  depositsQuerySchema,
  idParamSchema,
  paymentSettingsBodySchema,
  paymentSettingsResponseSchema,
  paymentSettingsSchema,
  messageResponseSchema,
  reaisToCents,
  rejectDepositBodySchema,
} from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { z } from 'zod';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf, actorOf } from '../../platform/auth.js';
import { UnauthorizedError } from '../../platform/errors.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/route-schemas.js';
import type { Clock } from '../../platform/clock.js';
import { verifyWebhookSignature } from './webhook-signature.js';
import type { DepositsService } from './deposits-service.js';

const customerErrors = errorResponses(400, 401, 403);

/** The customer's deposits (`Depositar` in the header): open one, list and read their own. */
export function depositsRoutes({
  deposits: service,
}: {
  deposits: DepositsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const customer = app.requireRole('client', 'reseller');
    const tags = ['deposits'];

    app.get(
      '/availability',
      guardedRoute(customer, tags, {
        summary: 'Which deposit methods take payments now',
        response: { 200: depositAvailabilitySchema, ...customerErrors },
      }),
      () => service.availability(),
    );

    app.post(
      '/',
      guardedRoute(customer, tags, {
        summary:
          'Open a pending deposit (reais, R$ 5,00 to R$ 10.000,00) and get its PIX BR Code; 502 when the payment gateway fails (nothing stored)',
        body: createDepositBodySchema,
        response: {
          201: createDepositResponseSchema,
          ...customerErrors,
          ...errorResponses(409, 502),
        },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.create(authOf(request).userId, reaisToCents(request.body.amount))),
    );

    app.get(
      '/',
      guardedRoute(customer, tags, {
        summary: "The caller's own deposits, newest first",
        querystring: depositsQuerySchema,
        response: { 200: depositsPageSchema, ...customerErrors },
      }),
      (request) => service.list(authOf(request).userId, request.query),
    );

    app.get(
      '/:id',
      guardedRoute(customer, tags, {
        summary: 'One own deposit; the payment instructions while it is pending',
        params: idParamSchema,
        response: { 200: depositDetailSchema, ...customerErrors, ...errorResponses(404) },
      }),
      (request) => service.detail(authOf(request).userId, request.params.id),
    );

    done();
  };
}

/** Admin side: confirm or refuse deposits and set the PIX key shown to payers. */
export function adminDepositsRoutes({
  deposits: service,
}: {
  deposits: DepositsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['deposits'];
    const decisionErrors = { ...adminErrors, ...errorResponses(404, 409) };

    app.get(
      '/deposits',
      guardedRoute(admin, tags, {
        summary: 'Page every deposit, newest first; filter by status, search user or reference',
        querystring: adminDepositsQuerySchema,
        response: { 200: adminDepositsPageSchema, ...adminErrors },
      }),
      (request) => service.adminList(request.query),
    );

    app.get(
      '/deposits/export.csv',
      guardedRoute(admin, tags, {
        summary: 'The deposits matching the filters as CSV, newest first (at most 100 000 rows)',
        querystring: adminDepositsExportQuerySchema,
      }),
      (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="depositos.csv"')
          .send(Readable.from(service.adminExportCsv(request.query))),
    );

    app.post(
      '/deposits/:id/approve',
      guardedRoute(admin, tags, {
        summary: 'Credit a pending deposit to its owner, exactly once (409 when decided)',
        params: idParamSchema,
        response: { 200: depositDecisionResponseSchema, ...decisionErrors },
      }),
      (request) => service.approve(actorOf(request), request.params.id),
    );

    app.post(
      '/deposits/:id/reject',
      guardedRoute(admin, tags, {
        summary: 'Refuse a pending deposit with a reason shown to its owner',
        params: idParamSchema,
        body: rejectDepositBodySchema,
        response: { 200: depositDecisionResponseSchema, ...decisionErrors },
      }),
      (request) => service.reject(actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/deposits/:id/cancel',
      guardedRoute(admin, tags, {
        summary:
          'Cancel a pending Mercado Pago charge (there, then here); 502 when the gateway does not confirm',
        params: idParamSchema,
        response: { 200: depositDecisionResponseSchema, ...decisionErrors, ...errorResponses(502) },
      }),
      (request) => service.cancel(actorOf(request), request.params.id),
    );

    app.post(
      '/deposits/:id/refund',
      guardedRoute(admin, tags, {
        summary:
          'Refund a paid Mercado Pago deposit and debit it from the balance; 502 when the gateway does not confirm',
        params: idParamSchema,
        response: { 200: depositDecisionResponseSchema, ...decisionErrors, ...errorResponses(502) },
      }),
      (request) => service.refund(actorOf(request), request.params.id),
    );

    app.get(
      '/payment-settings',
      guardedRoute(admin, tags, {
        summary: 'The payment mode, the BR Code data and the Mercado Pago credentials (masked)',
        response: { 200: paymentSettingsSchema, ...adminErrors },
      }),
      () => service.paymentSettings(),
    );

    app.patch(
      '/payment-settings',
      guardedRoute(admin, tags, {
        summary:
          'Save every field; an empty PIX key turns manual deposits off; an empty secret keeps the stored one, null clears it',
        body: paymentSettingsBodySchema,
        response: { 200: paymentSettingsResponseSchema, ...adminErrors },
      }),
      (request) => service.updatePaymentSettings(actorOf(request), request.body),
    );

    done();
  };
}

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
  deposits: DepositsService;
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
