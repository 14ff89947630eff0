import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: a loader session (`/api/loader/download?session=`)
 * and the e-mailed verification and password-reset tokens (`?token=`).
 */
const SECRET_PARAMS = new Set(['session', 'token']);

/**
 * The URL as the access log may keep it: credentials in the query replaced by `[redacted]`.
 * Parameter names are compared decoded, as the query parser reads them (`?%74oken=` is `token`).
 */
export function urlForLog(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const params = url
    .slice(start + 1)
    .split('&')
    .map((param) => {
      const name = param.split('=', 1)[0] ?? '';
      return SECRET_PARAMS.has(decodedName(name).toLowerCase()) ? `${name}=[redacted]` : param;
    });
  return `${url.slice(0, start + 1)}${params.join('&')}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
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
