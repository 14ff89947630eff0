import {
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
  reaisToCents,
  rejectDepositBodySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf, actorOf } from '../../platform/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/route-schemas.js';
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
        summary: 'Open a pending deposit (reais, R$ 5,00 to R$ 10.000,00) and get the PIX data',
        body: createDepositBodySchema,
        response: { 201: createDepositResponseSchema, ...customerErrors, ...errorResponses(409) },
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

    app.get(
      '/payment-settings',
      guardedRoute(admin, tags, {
        summary: 'The PIX key and beneficiary shown in deposit instructions',
        response: { 200: paymentSettingsSchema, ...adminErrors },
      }),
      () => service.paymentSettings(),
    );

    app.patch(
      '/payment-settings',
      guardedRoute(admin, tags, {
        summary: 'Set both; an empty PIX key turns deposits off',
        body: paymentSettingsBodySchema,
        response: { 200: paymentSettingsResponseSchema, ...adminErrors },
      }),
      (request) => service.updatePaymentSettings(actorOf(request), request.body),
    );

    done();
  };
}
