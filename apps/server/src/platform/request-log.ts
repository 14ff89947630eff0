import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: a loader session (`/api/loader/download?session=`)
 * and the e-mailed verification and password-reset tokens (`?token=`).
 */
const SECRET_QUERY = /([?&](?:session|token)=)[^&#]*/gi;

/** The URL as the access log may keep it: credentials in the query replaced by `[redacted]`. */
export function urlForLog(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's default request fields in the access log, with the URL's credentials removed. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
