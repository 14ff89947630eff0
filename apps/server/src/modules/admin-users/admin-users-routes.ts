import {
  accountBodySchema,
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
  usersPageSchema,
  usersQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, bearerAuth, errorResponses } from '../../platform/route-schemas.js';
import { actorOf } from '../../platform/auth.js';
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
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Page the users, newest first; q matches the username or e-mail start',
          security: bearerAuth,
          querystring: usersQuerySchema,
          response: { 200: usersPageSchema, ...adminErrors },
        },
      },
      (request) => service.list(request.query),
    );

    app.get(
      '/clients',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Client users for the reseller form (alphabetical, at most 50)',
          security: bearerAuth,
          querystring: clientsQuerySchema,
          response: { 200: clientsResponseSchema, ...adminErrors },
        },
      },
      (request) => service.clients(request.query.q),
    );

    app.post(
      '/',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Create a verified client, optionally with a subscription',
          security: bearerAuth,
          body: createUserBodySchema,
          response: { 201: createUserResponseSchema, ...withConflict },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.get(
      '/:id/subscriptions',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: "A user's subscriptions (a paused one shows the expiry it would have now)",
          security: bearerAuth,
          params: idParamSchema,
          response: { 200: userSubscriptionsResponseSchema, ...withNotFound },
        },
      },
      (request) => service.subscriptions(request.params.id),
    );

    app.patch(
      '/:id/status',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Ban (ending every session) or unban a user; never oneself or an admin',
          security: bearerAuth,
          params: idParamSchema,
          body: userStatusBodySchema,
          response: { 200: messageResponseSchema, ...withConflict },
        },
      },
      (request) => service.setStatus(request.params.id, request.body.status, actorOf(request)),
    );

    app.delete(
      '/:id',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Delete a user and their subscriptions; never oneself or an admin',
          security: bearerAuth,
          params: idParamSchema,
          response: { 200: messageResponseSchema, ...withConflict },
        },
      },
      (request) => service.delete(request.params.id, actorOf(request)),
    );

    app.patch(
      '/:id/hwid',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Free every HWID bound to the user',
          security: bearerAuth,
          params: idParamSchema,
          response: { 200: messageResponseSchema, ...withNotFound },
        },
      },
      (request) => service.resetHwid(request.params.id, actorOf(request)),
    );

    app.post(
      '/:id/subscriptions',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Add days of a product (extends the existing subscription)',
          security: bearerAuth,
          params: idParamSchema,
          body: addSubscriptionBodySchema,
          response: { 200: messageResponseSchema, ...withNotFound },
        },
      },
      (request) => service.addSubscription(request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/subscriptions/:subId',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Remove a subscription',
          security: bearerAuth,
          params: subscriptionParamSchema,
          response: { 200: messageResponseSchema, ...withNotFound },
        },
      },
      (request) => service.removeSubscription(request.params.subId, actorOf(request)),
    );

    app.patch(
      '/subscriptions/:subId/days',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Add (positive) or remove (negative) days; never below now',
          security: bearerAuth,
          params: subscriptionParamSchema,
          body: subscriptionDaysBodySchema,
          response: { 200: messageResponseSchema, ...withNotFound },
        },
      },
      (request) => service.changeDays(request.params.subId, request.body.days, actorOf(request)),
    );

    app.patch(
      '/:id/account',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Change username, e-mail and/or password (a new password ends sessions)',
          security: bearerAuth,
          params: idParamSchema,
          body: accountBodySchema,
          response: { 200: messageResponseSchema, ...withConflict },
        },
      },
      (request) => service.updateAccount(request.params.id, request.body, actorOf(request)),
    );

    done();
  };
}
