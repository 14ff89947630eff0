import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Makes a prefixed scope (the API, the loader) answer every path under its prefix, the prefix
 * itself included, with `handler` when none of its routes matches, for every method. Decided by
 * the router, which decodes `/%61pi/…` to `/api/…` for these as for any route, so the scope's
 * hooks (no-store, maintenance, signing) apply to exactly what it answers. Without the catch-all
 * routes an unknown GET would reach the web's catch-all file route instead and get the site's
 * answer; the not-found handler covers methods the router has no routes for.
 */
export function answerUnknownPaths<S extends FastifyInstance>(
  scope: S,
  handler: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  const options = { schema: { hide: true } };
  scope.all('/', options, handler);
  scope.all('/*', options, handler);
  scope.setNotFoundHandler(handler);
}
