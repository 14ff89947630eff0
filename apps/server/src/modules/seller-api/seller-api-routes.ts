import {
  apiDeliveryBodySchema,
  apiDeliveryResponseSchema,
  apiGenerateKeysBodySchema,
  apiGenerateKeysResponseSchema,
  apiKeyParamSchema,
  apiKeySchema,
  apiKeysPageSchema,
  apiKeysQuerySchema,
  apiLicenseDaysBodySchema,
  apiLicenseSchema,
  apiLicensesQuerySchema,
  apiLicensesResponseSchema,
  apiMachineParamSchema,
  apiSubscriptionParamSchema,
  apiUserIdParamSchema,
  apiUserLookupQuerySchema,
  apiUserSchema,
  idempotencyKeyHeadersSchema,
  messageResponseSchema,
} from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { apiAuthOf } from '../../platform/http/api-token-auth.js';
import {
  errorResponses,
  sellerApiPostErrors,
  sellerApiRoute,
} from '../../platform/http/route-schemas.js';
import type { ApiCaller, SellerApiService } from './seller-api-service.js';

/**
 * Bad input or `Idempotency-Key`, not found (or not the caller's), a refused change (state,
 * balance, a delivery's replay with other terms, a duplicate running), a body too large.
 */
const errors = { ...sellerApiPostErrors, ...errorResponses(404, 413) };

/** The token's owner and the request's address: who the activity log names. */
function callerOf(request: FastifyRequest): ApiCaller {
  const { ownerId, ownerUsername, ownerRole } = apiAuthOf(request);
  return { userId: ownerId, username: ownerUsername, role: ownerRole, ip: request.ip };
}

/**
 * The seller API's keys, licences, users and storefront deliveries, registered in the `/api/v1`
 * scope (token guard, rate limit, maintenance, `Idempotency-Key`).
 */
export function sellerApiV1Routes({
  sellerApi: service,
}: {
  sellerApi: SellerApiService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const keysRead = app.requireApiToken('keys:read');
    const keysWrite = app.requireApiToken('keys:write');
    const licensesRead = app.requireApiToken('licenses:read');
    const licensesWrite = app.requireApiToken('licenses:write');
    const usersRead = app.requireApiToken('users:read');
    const usersWrite = app.requireApiToken('users:write');
    const keys = ['seller API: keys'];
    const licenses = ['seller API: licences'];
    const users = ['seller API: users'];
    const deliveries = ['seller API: deliveries'];

    app.post(
      '/keys',
      sellerApiRoute(keysWrite, keys, {
        headers: idempotencyKeyHeadersSchema,
        summary:
          'Generate 1 to 1000 keys of a product plan: an admin token issues them, a reseller ' +
          'token buys them with its balance (at most 500, its price)',
        body: apiGenerateKeysBodySchema,
        response: { 201: apiGenerateKeysResponseSchema, ...errors },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.generateKeys(callerOf(request), request.body)),
    );

    app.get(
      '/keys',
      sellerApiRoute(keysRead, keys, {
        summary:
          'Keys newest first, cursor paged (a reseller token: only its own keys); filter by ' +
          'product, status, creation time and redemption',
        querystring: apiKeysQuerySchema,
        response: { 200: apiKeysPageSchema, ...errors },
      }),
      (request) => service.listKeys(callerOf(request), request.query),
    );

    app.get(
      '/keys/:key',
      sellerApiRoute(keysRead, keys, {
        summary: 'One key by its value (case-insensitive)',
        params: apiKeyParamSchema,
        response: { 200: apiKeySchema, ...errors },
      }),
      (request) => service.getKey(callerOf(request), request.params.key),
    );

    app.post(
      '/keys/:key/ban',
      sellerApiRoute(keysWrite, keys, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Ban an unused key',
        params: apiKeyParamSchema,
        response: { 200: apiKeySchema, ...errors },
      }),
      (request) => service.setKeyBanned(callerOf(request), request.params.key, true),
    );

    app.post(
      '/keys/:key/unban',
      sellerApiRoute(keysWrite, keys, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Unban a key (a reseller token lifts only the bans its owner made)',
        params: apiKeyParamSchema,
        response: { 200: apiKeySchema, ...errors },
      }),
      (request) => service.setKeyBanned(callerOf(request), request.params.key, false),
    );

    app.delete(
      '/keys/:key',
      sellerApiRoute(keysWrite, keys, {
        summary: 'Delete a key',
        params: apiKeyParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      }),
      (request) => service.deleteKey(callerOf(request), request.params.key),
    );

    app.get(
      '/licenses/by-key/:key',
      sellerApiRoute(licensesRead, licenses, {
        summary: 'The licence (subscription) a redeemed key fed, with its machines',
        params: apiKeyParamSchema,
        response: { 200: apiLicenseSchema, ...errors },
      }),
      (request) => service.licenseByKey(callerOf(request), request.params.key),
    );

    app.get(
      '/licenses',
      sellerApiRoute(licensesRead, licenses, {
        summary: "A user's licences (user = id, username or e-mail)",
        querystring: apiLicensesQuerySchema,
        response: { 200: apiLicensesResponseSchema, ...errors },
      }),
      (request) => service.licensesOfUser(callerOf(request), request.query.user),
    );

    app.post(
      '/licenses/:subscriptionId/days',
      sellerApiRoute(licensesWrite, licenses, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Add (positive) or remove (negative) days; never below now',
        params: apiSubscriptionParamSchema,
        body: apiLicenseDaysBodySchema,
        response: { 200: apiLicenseSchema, ...errors },
      }),
      (request) =>
        service.changeDays(callerOf(request), request.params.subscriptionId, request.body.days),
    );

    app.post(
      '/licenses/:subscriptionId/pause',
      sellerApiRoute(licensesWrite, licenses, {
        headers: idempotencyKeyHeadersSchema,
        summary:
          'Pause a running licence as the administration (clock frozen, no credit spent; the ' +
          'customer cannot resume it)',
        params: apiSubscriptionParamSchema,
        response: { 200: apiLicenseSchema, ...errors },
      }),
      (request) => service.setPaused(callerOf(request), request.params.subscriptionId, true),
    );

    app.post(
      '/licenses/:subscriptionId/resume',
      sellerApiRoute(licensesWrite, licenses, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Resume a paused licence, whoever paused it (the frozen time runs again)',
        params: apiSubscriptionParamSchema,
        response: { 200: apiLicenseSchema, ...errors },
      }),
      (request) => service.setPaused(callerOf(request), request.params.subscriptionId, false),
    );

    app.post(
      '/licenses/:subscriptionId/reset-hwid',
      sellerApiRoute(licensesWrite, licenses, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Release every machine of the licence (no credit spent)',
        params: apiSubscriptionParamSchema,
        response: { 200: apiLicenseSchema, ...errors },
      }),
      (request) => service.resetHwid(callerOf(request), request.params.subscriptionId),
    );

    app.delete(
      '/licenses/:subscriptionId/machines/:machineId',
      sellerApiRoute(licensesWrite, licenses, {
        summary: 'Release one machine of the licence (no credit spent)',
        params: apiMachineParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      }),
      (request) =>
        service.releaseMachine(
          callerOf(request),
          request.params.subscriptionId,
          request.params.machineId,
        ),
    );

    app.get(
      '/users/lookup',
      sellerApiRoute(usersRead, users, {
        summary: 'Find an account by username or e-mail, with its licences summed up',
        querystring: apiUserLookupQuerySchema,
        response: { 200: apiUserSchema, ...errors },
      }),
      (request) => service.lookupUser(callerOf(request), request.query),
    );

    app.post(
      '/users/:id/ban',
      sellerApiRoute(usersWrite, users, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Ban an account (never an admin): its sessions and loader end',
        params: apiUserIdParamSchema,
        response: { 200: apiUserSchema, ...errors },
      }),
      (request) => service.setUserStatus(callerOf(request), request.params.id, 'banned'),
    );

    app.post(
      '/users/:id/unban',
      sellerApiRoute(usersWrite, users, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Unban an account',
        params: apiUserIdParamSchema,
        response: { 200: apiUserSchema, ...errors },
      }),
      (request) => service.setUserStatus(callerOf(request), request.params.id, 'active'),
    );

    app.post(
      '/deliveries',
      sellerApiRoute(keysWrite, deliveries, {
        headers: idempotencyKeyHeadersSchema,
        summary:
          "Deliver a storefront's paid order: the same orderId always answers the same keys " +
          '(replayed: true), issued and paid once',
        body: apiDeliveryBodySchema,
        response: { 200: apiDeliveryResponseSchema, 201: apiDeliveryResponseSchema, ...errors },
      }),
      async (request, reply) => {
        const delivered = await service.deliver(callerOf(request), request.body);
        return reply.code(delivered.replayed ? 200 : 201).send(delivered);
      },
    );

    done();
  };
}
