import {
  accountBodySchema,
  bulkResponseSchema,
  addSubscriptionBodySchema,
  clientsQuerySchema,
  clientsResponseSchema,
  createUserBodySchema,
  createUserResponseSchema,
  idParamSchema,
  messageResponseSchema,
  subscriptionDaysBodySchema,
  subscriptionParamSchema,
  userStatusBodySchema,
  userSubscriptionsResponseSchema,
  usersBulkBodySchema,
  usersExportQuerySchema,
  usersPageSchema,
  usersQuerySchema,
} from '@chaveiro/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf } from '../../platform/http/auth.js';
import type { AdminUsersService } from './admin-users-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };
const withConflict = { ...withNotFound, ...errorResponses(409) };

/** Admin user management: the user table, the create form and the manage dialog (spec §2). */
export function adminUsersRoutes({
  adminUsers: service,
}: {
  adminUsers: AdminUsersService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['users'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary:
          'Page the users (sort=field:dir, default newest first); q matches the username or ' +
          'e-mail start; role and status filter',
        querystring: usersQuerySchema,
        response: { 200: usersPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.get(
      '/export.csv',
      guardedRoute(admin, tags, {
        summary: 'The selected users (ids) or those matching the filters as CSV',
        querystring: usersExportQuerySchema,
      }),
      (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="usuarios.csv"')
          .send(Readable.from(service.exportCsv(request.query))),
    );

    app.post(
      '/bulk',
      guardedRoute(admin, tags, {
        summary:
          'Ban, unban or delete the selected users (ids) or all matching the filters (at most ' +
          '1000), in one transaction; admins and oneself are skipped',
        body: usersBulkBodySchema,
        response: { 200: bulkResponseSchema, ...adminErrors, ...errorResponses(422) },
      }),
      (request) => service.bulk(request.body, actorOf(request)),
    );

    app.get(
      '/clients',
      guardedRoute(admin, tags, {
        summary: 'Client users for the reseller form (alphabetical, at most 50)',
        querystring: clientsQuerySchema,
        response: { 200: clientsResponseSchema, ...adminErrors },
      }),
      (request) => service.clients(request.query.q),
    );

    app.post(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Create a verified client, optionally with a subscription',
        body: createUserBodySchema,
        response: { 201: createUserResponseSchema, ...withConflict },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.get(
      '/:id/subscriptions',
      guardedRoute(admin, tags, {
        summary: "A user's subscriptions (a paused one shows the expiry it would have now)",
        params: idParamSchema,
        response: { 200: userSubscriptionsResponseSchema, ...withNotFound },
      }),
      (request) => service.subscriptions(request.params.id),
    );

    app.patch(
      '/:id/status',
      guardedRoute(admin, tags, {
        summary: 'Ban (ending every session) or unban a user; never oneself or an admin',
        params: idParamSchema,
        body: userStatusBodySchema,
        response: { 200: messageResponseSchema, ...withConflict },
      }),
      (request) => service.setStatus(request.params.id, request.body.status, actorOf(request)),
    );

    app.delete(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'Delete a user and their subscriptions; never oneself or an admin',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withConflict },
      }),
      (request) => service.delete(request.params.id, actorOf(request)),
    );

    app.patch(
      '/:id/hwid',
      guardedRoute(admin, tags, {
        summary: 'Free every HWID bound to the user',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.resetHwid(request.params.id, actorOf(request)),
    );

    app.post(
      '/:id/subscriptions',
      guardedRoute(admin, tags, {
        summary: 'Add days of a product (extends the existing subscription)',
        params: idParamSchema,
        body: addSubscriptionBodySchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.addSubscription(request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/subscriptions/:subId',
      guardedRoute(admin, tags, {
        summary: 'Remove a subscription',
        params: subscriptionParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.removeSubscription(request.params.subId, actorOf(request)),
    );

    app.patch(
      '/subscriptions/:subId/days',
      guardedRoute(admin, tags, {
        summary: 'Add (positive) or remove (negative) days; never below now',
        params: subscriptionParamSchema,
        body: subscriptionDaysBodySchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.changeDays(request.params.subId, request.body.days, actorOf(request)),
    );

    app.patch(
      '/:id/account',
      guardedRoute(admin, tags, {
        summary: 'Change username, e-mail and/or password (a new password ends sessions)',
        params: idParamSchema,
        body: accountBodySchema,
        response: { 200: messageResponseSchema, ...withConflict },
      }),
      (request) => service.updateAccount(request.params.id, request.body, actorOf(request)),
    );

    done();
  };
}
