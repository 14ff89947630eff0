import { API_TOKEN_LIMITS } from '@chaveiro/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendRouteNotFound } from '../../platform/http/error-handler.js';
import { rateLimit } from '../../platform/http/rate-limit.js';
import { answerUnknownPaths } from '../../platform/http/unknown-paths.js';
import type { SettingsCache } from '../settings/index.js';
import { maintenanceGateFor } from '../settings/index.js';
import type { Idempotency } from './idempotency.js';

export interface SellerApiScopeDeps {
  settingsCache: SettingsCache;
  idempotency: Idempotency;
  /** The v1 route plugins, each guarding its routes with `app.requireApiToken(scope)`. */
  routes: readonly FastifyPluginCallbackZod[];
}

/**
 * The seller API's scope, registered at `/api/v1`. Every answer under it, unknown
 * paths included, is JSON from the one error handler (`{ message, code }`) and `no-store`.
 * For each request, in order: the API token is read once (one indexed query) and kept on
 * `request.apiAuth` when live; the token's rate limit counts it and tells its budget
 * (`RateLimit-*`, `Retry-After` on the 429); maintenance mode answers 503 unless the token
 * belongs to an admin; then the route's own guard admits the token's scope. Every POST honours
 * `Idempotency-Key` (idempotency.ts).
 */
export function sellerApiScope({
  settingsCache,
  idempotency,
  routes,
}: SellerApiScopeDeps): FastifyPluginCallbackZod {
  return (v1, _options, done) => {
    v1.addHook('onRequest', noStore);
    v1.addHook('onRequest', async (request) => {
      request.apiAuth = (await v1.readApiToken(request)) ?? null;
    });
    v1.addHook(
      'onRequest',
      rateLimit({
        name: 'seller-api-token',
        max: API_TOKEN_LIMITS.rateLimitMax,
        windowMs: API_TOKEN_LIMITS.rateLimitWindowMs,
        headers: true,
        key: (request) => request.apiAuth?.tokenId ?? null,
      }),
    );
    v1.addHook(
      'onRequest',
      maintenanceGateFor(settingsCache, (request) =>
        Promise.resolve(request.apiAuth?.ownerRole === 'admin'),
      ),
    );
    v1.addHook('preHandler', idempotency.preHandler);
    v1.addHook('onSend', idempotency.onSend);
    answerUnknownPaths(v1, (_request, reply) => sendRouteNotFound(reply));
    for (const plugin of routes) void v1.register(plugin);
    done();
  };
}

function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  void reply.header('cache-control', 'no-store');
  done();
}
