import {
  hwidBlacklistBodySchema,
  hwidBlacklistPageSchema,
  hwidBlacklistParamSchema,
  hwidBlacklistQuerySchema,
  hwidBlacklistSavedResponseSchema,
  idParamSchema,
  keyAuthSavedResponseSchema,
  keyAuthSettingsBodySchema,
  keyAuthSettingsSchema,
  messageResponseSchema,
  productVariableBodySchema,
  productVariableParamSchema,
  productVariableSavedResponseSchema,
  productVariablesResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { KeyAuthAppsService } from './keyauth-apps-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };

/**
 * The admin's KeyAuth compatibility of a product, under /api/products/:id: the app
 * settings its KeyAuth loaders connect with, the variables `var` serves, the HWID blacklist.
 */
export function keyAuthAppsRoutes({
  keyAuthApps: service,
}: {
  keyAuthApps: KeyAuthAppsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['keyauth'];

    app.get(
      '/keyauth',
      guardedRoute(admin, tags, {
        summary: "The product's KeyAuth app: what its loaders are built with",
        description:
          'Answers 404 with code KEYAUTH_NOT_CONFIGURED while compatibility was never saved for ' +
          'the product (NOT_FOUND when the product does not exist). `publicKey` is the hex of ' +
          'the raw Ed25519 key that signs /api/1.3/ answers (the SDKs’ API_PUBLIC_KEY).',
        params: idParamSchema,
        response: { 200: keyAuthSettingsSchema, ...withNotFound },
      }),
      (request) => service.get(request.params.id),
    );

    app.put(
      '/keyauth',
      guardedRoute(admin, tags, {
        summary: 'Switch KeyAuth compatibility on or off and set the app name, version and link',
        description:
          'ownerId and secret are optional: send the ones compiled into existing KeyAuth ' +
          'loaders to keep them; left out, the first save generates them and later saves keep ' +
          'them. 409 when another product already answers to the same ownerId and name.',
        params: idParamSchema,
        body: keyAuthSettingsBodySchema,
        response: { 200: keyAuthSavedResponseSchema, ...withNotFound, ...errorResponses(409) },
      }),
      (request) => service.save(request.params.id, request.body, actorOf(request)),
    );

    app.post(
      '/keyauth/secret',
      guardedRoute(admin, tags, {
        summary: 'Generate a new app secret: loaders on API 1.2 need the new one at once',
        params: idParamSchema,
        response: { 200: keyAuthSavedResponseSchema, ...withNotFound },
      }),
      (request) => service.rotateSecret(request.params.id, actorOf(request)),
    );

    app.get(
      '/variables',
      guardedRoute(admin, tags, {
        summary: "The product's variables (KeyAuth `var`), by name",
        params: idParamSchema,
        response: { 200: productVariablesResponseSchema, ...withNotFound },
      }),
      (request) => service.variables(request.params.id),
    );

    app.put(
      '/variables/:name',
      guardedRoute(admin, tags, {
        summary: 'Create (201) or replace (200) a variable',
        description: 'At most 100 variables per product: creating one more answers 422.',
        params: productVariableParamSchema,
        body: productVariableBodySchema,
        response: {
          200: productVariableSavedResponseSchema,
          201: productVariableSavedResponseSchema,
          ...withNotFound,
          ...errorResponses(422),
        },
      }),
      async (request, reply) => {
        const { id, name } = request.params;
        const saved = await service.saveVariable(id, name, request.body.value, actorOf(request));
        return reply.code(saved.created ? 201 : 200).send(saved.response);
      },
    );

    app.delete(
      '/variables/:name',
      guardedRoute(admin, tags, {
        summary: 'Delete a variable',
        params: productVariableParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.deleteVariable(request.params.id, request.params.name, actorOf(request)),
    );

    app.get(
      '/hwid-blacklist',
      guardedRoute(admin, tags, {
        summary: 'The HWIDs the product refuses, newest first',
        params: idParamSchema,
        querystring: hwidBlacklistQuerySchema,
        response: { 200: hwidBlacklistPageSchema, ...withNotFound },
      }),
      (request) => service.blacklist(request.params.id, request.query),
    );

    app.post(
      '/hwid-blacklist',
      guardedRoute(admin, tags, {
        summary: "Block a HWID: the product's loaders refuse that machine",
        params: idParamSchema,
        body: hwidBlacklistBodySchema,
        response: {
          201: hwidBlacklistSavedResponseSchema,
          ...withNotFound,
          ...errorResponses(409),
        },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.block(request.params.id, request.body, actorOf(request))),
    );

    app.delete(
      '/hwid-blacklist/:hwid',
      guardedRoute(admin, tags, {
        summary: 'Unblock a HWID (URL-encoded in the path)',
        params: hwidBlacklistParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.unblock(request.params.id, request.params.hwid, actorOf(request)),
    );

    done();
  };
}
