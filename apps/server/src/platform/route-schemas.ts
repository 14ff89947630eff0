import { errorResponseSchema } from '@chaveiro/contract';
import type { FastifySchema } from 'fastify';
import type { RoleGuard } from './auth.js';

/** The `{ message, code }` answer for each listed status, for a route's `response` schema. */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/**
 * What every admin route may answer besides its success: bad input, no session, not admin.
 * Admin routes run their role guard at onRequest, so a caller without the role gets 401/403
 * before the body is parsed or validated (and no upload is read for them).
 */
export const adminErrors = errorResponses(400, 401, 403);

/** OpenAPI: the route takes the bearer session token. */
export const bearerAuth = [{ bearerAuth: [] }];

/**
 * The options of a route behind a role guard: the guard runs at onRequest (before the body is
 * read), and OpenAPI lists the route under `tags` as taking the bearer session.
 */
export function guardedRoute<S extends FastifySchema>(guard: RoleGuard, tags: string[], schema: S) {
  return { onRequest: guard, schema: { tags, security: bearerAuth, ...schema } };
}
