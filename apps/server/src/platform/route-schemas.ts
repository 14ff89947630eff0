import { errorResponseSchema } from '@chaveiro/contract';

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
