import type { ApiTokenScope } from '@chaveiro/contract';
import { apiTokenMessages } from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from './auth.js';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';

/** Who is calling `/api/v1`, set on `request.apiAuth` by the API-token guard. */
export interface ApiAuth {
  tokenId: string;
  ownerId: string;
  ownerRole: 'admin' | 'reseller';
  ownerUsername: string;
  scopes: readonly ApiTokenScope[];
}

export type ApiTokenGuard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    apiAuth: ApiAuth | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of a `/api/v1` route: admits a live API token holding `scope` (401
     * API_TOKEN_INVALID, 403 API_TOKEN_SCOPE) and sets `request.apiAuth`.
     */
    requireApiToken(scope: ApiTokenScope): ApiTokenGuard;
    /**
     * The request's live API token, or undefined: read once per request however many hooks
     * ask (the v1 scope's maintenance gate and rate limit, then the route's guard).
     */
    readApiToken(request: FastifyRequest): Promise<ApiAuth | undefined>;
  }
}

export interface ApiTokenAuthOptions {
  /**
   * The live token given in the request's `Authorization` header (the header's raw value) with
   * its owner, or undefined when it is missing, malformed, unknown, revoked, expired, or its
   * owner is banned, gone or no longer admin or reseller. Read from the database on every
   * request: a revocation or a ban refuses the very next call, on every node.
   */
  authenticate: (authorization: string | undefined, ip: string) => Promise<ApiAuth | undefined>;
}

/** Decorates `app.requireApiToken(scope)`, `app.readApiToken(request)` and `request.apiAuth`. */
export const apiTokenAuthPlugin = fp<ApiTokenAuthOptions>(
  (app, { authenticate }, done) => {
    const lookups = new WeakMap<FastifyRequest, Promise<ApiAuth | undefined>>();

    function readApiToken(request: FastifyRequest): Promise<ApiAuth | undefined> {
      let lookup = lookups.get(request);
      if (!lookup) {
        lookup = authenticate(request.headers.authorization, request.ip);
        lookups.set(request, lookup);
      }
      return lookup;
    }

    app.decorateRequest('apiAuth', null);
    app.decorate('readApiToken', readApiToken);
    app.decorate('requireApiToken', (scope: ApiTokenScope): ApiTokenGuard => {
      return async (request) => {
        const auth = await readApiToken(request);
        if (!auth) throw new UnauthorizedError(apiTokenMessages.invalid, 'API_TOKEN_INVALID');
        if (!auth.scopes.includes(scope)) {
          throw new ForbiddenError(apiTokenMessages.missingScope(scope), 'API_TOKEN_SCOPE');
        }
        request.apiAuth = auth;
      };
    });
    done();
  },
  { name: 'api-token-auth' },
);

/** `request.apiAuth` for a route behind `requireApiToken`; 401 if the guard did not run. */
export function apiAuthOf(request: FastifyRequest): ApiAuth {
  if (!request.apiAuth) throw new UnauthorizedError(apiTokenMessages.invalid, 'API_TOKEN_INVALID');
  return request.apiAuth;
}

/** The actor of a `/api/v1` request, as the activity log records it: the token's owner. */
export function apiActorOf(request: FastifyRequest): Actor {
  const { ownerId, ownerUsername } = apiAuthOf(request);
  return { userId: ownerId, username: ownerUsername, ip: request.ip };
}
