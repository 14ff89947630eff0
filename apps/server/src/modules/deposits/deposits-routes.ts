import {
  createDepositBodySchema,
  createDepositResponseSchema,
  depositAvailabilitySchema,
  depositDetailSchema,
  depositsPageSchema,
  depositsQuerySchema,
  idParamSchema,
  reaisToCents,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/auth.js';
import { errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { DepositsBackOffice } from './back-office.js';
import { addDepositDecisionRoutes, addDepositListRoutes } from './back-office-routes.js';
import type { CustomerCharges } from './customer-charges.js';
import type { PaymentSettingsService } from './payment-settings.js';
import { addPaymentSettingsRoutes } from './payment-settings-routes.js';

const customerErrors = errorResponses(400, 401, 403);

/** The customer's deposits (`Depositar` in the header): open one, list and read their own. */
export function depositsRoutes({
  deposits: service,
}: {
  deposits: CustomerCharges;
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

/** Admin side, /api/admin/deposits: the deposits list, its export and each one's decision. */
export function adminDepositsRoutes({
  deposits: service,
}: {
  deposits: DepositsBackOffice;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    addDepositListRoutes(app, admin, service);
    addDepositDecisionRoutes(app, admin, service);
    done();
  };
}

/** Admin side, /api/admin/payment-settings: the PIX key shown to payers, Mercado Pago's keys. */
export function paymentSettingsRoutes({
  deposits: service,
}: {
  deposits: PaymentSettingsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    addPaymentSettingsRoutes(app, app.requireRole('admin'), service);
    done();
  };
}
