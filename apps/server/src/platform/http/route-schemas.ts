import { errorResponseSchema } from '@chaveiro/contract';
import type { FastifySchema } from 'fastify';
import type { ApiTokenGuard } from './api-token-auth.js';
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

/** OpenAPI: the route takes a seller API token (`Authorization: Bearer chv_live_…`). */
export const apiTokenAuth = [{ apiTokenAuth: [] }];

/**
 * What every `/api/v1` route may answer besides its success: no or a dead token (401), a
 * missing scope (403), the token's rate limit (429), maintenance (503).
 */
export const sellerApiErrors = errorResponses(401, 403, 429, 503);

/**
 * What a v1 POST may also answer: a bad body or `Idempotency-Key` (400), a duplicate still
 * running or abandoned (409), the key reused with another request (422). Pair it with
 * `headers: idempotencyKeyHeadersSchema` so the document shows the header.
 */
export const sellerApiPostErrors = { ...sellerApiErrors, ...errorResponses(400, 409, 422) };

/**
 * The options of a seller API route: its token guard (`app.requireApiToken(scope)`) runs at
 * onRequest, before the body is read, and OpenAPI lists the route under `tags` as taking an
 * API token.
 */
export function sellerApiRoute<S extends FastifySchema>(
  guard: ApiTokenGuard,
  tags: string[],
  schema: S,
) {
  return { onRequest: guard, schema: { tags, security: apiTokenAuth, ...schema } };
}
