import {
  API_TOKEN_LIMITS,
  BYPASS_LIMITS,
  LICENSE_KEY_PATTERN,
  WEBHOOK_SECRET_PREFIX,
} from '@chaveiro/contract';
import type { FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every query parameter of the route is a credential: none of its values is logged. */
    credentialQuery?: boolean;
  }
}

const REDACTED = '[redacted]';

/**
 * A parameter whose name says it holds a credential: a password, key, token, secret, session,
 * auth or one-time code, a signature or hash. Matched anywhere in the name (`sessionid`,
 * `access_token`, `x-api-key`): naming a harmless parameter this way only costs its value.
 */
const CREDENTIAL_NAME =
  /pass|pwd|key|token|secret|session|^sid$|auth|code|otp|cred|sig|hash|hmac|jwt|bearer|cookie/i;

/** Prefixes our own secrets are issued with: a leaked one is recognisable by its value alone. */
const SECRET_PREFIXES = [
  API_TOKEN_LIMITS.prefix,
  BYPASS_LIMITS.apiKeyPrefix,
  WEBHOOK_SECRET_PREFIX,
];

/** A JWT (a site session, a loader session) by its shape: base64url header `{"…`, three parts. */
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
/**
 * A random token: 16 characters or more of a token alphabet (base64, base64url, hex), mixing
 * letters and digits, as gateway tokens, session ids and KeyAuth keys are.
 */
const RANDOM_TOKEN = /^(?=.*\d)(?=.*[A-Za-z])[\w.~+/=-]{16,}$/;
/** Our own ids (UUIDv7) are not credentials and say which row a request named. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value that is a credential by its form: one of our secrets, a JWT or a licence key. */
function isCredentialShaped(value: string): boolean {
  return (
    SECRET_PREFIXES.some((prefix) => value.startsWith(prefix)) ||
    JWT.test(value) ||
    LICENSE_KEY_PATTERN.test(value)
  );
}

/** A query value that may be a credential: shaped like one, or a long random token. */
function looksLikeCredential(value: string): boolean {
  return isCredentialShaped(value) || (RANDOM_TOKEN.test(value) && !UUID.test(value));
}

/**
 * The URL as the access log may keep it, credentials replaced by `[redacted]`: in the query,
 * every parameter when the route says its query is credentials (KeyAuth's 1.2 GET form), else
 * each whose name or value looks like one; in the path, the route's parameters named like one
 * (`/api/v1/keys/:key`) and any segment shaped like one. Names and values are compared decoded,
 * as the server reads them (`?%74oken=` is `token`).
 */
export function urlForLog(
  url: string,
  route: { pattern?: string | undefined; credentialQuery?: boolean | undefined } = {},
): string {
  const start = url.indexOf('?');
  const path = pathForLog(start < 0 ? url : url.slice(0, start), route.pattern);
  if (start < 0) return path;
  const params = url
    .slice(start + 1)
    .split('&')
    .map((param) => {
      if (param === '') return param;
      const separator = param.indexOf('=');
      const name = separator < 0 ? param : param.slice(0, separator);
      const value = separator < 0 ? '' : param.slice(separator + 1);
      const secret =
        route.credentialQuery === true ||
        CREDENTIAL_NAME.test(decoded(name)) ||
        looksLikeCredential(decoded(value));
      return secret ? `${name}=${REDACTED}` : param;
    });
  return `${path}?${params.join('&')}`;
}

/** The path with the route's credential parameters and credential-shaped segments redacted. */
function pathForLog(path: string, pattern: string | undefined): string {
  const sent = path.split('/');
  const declared = pattern?.split('/') ?? [];
  if (declared.length !== sent.length && declared.some(isCredentialParam)) {
    // A path the pattern does not align with (a wildcard): the pattern names the parameters.
    return declared.map((part) => (isCredentialParam(part) ? REDACTED : part)).join('/');
  }
  return sent
    .map((segment, index) =>
      isCredentialParam(declared[index]) || isCredentialShaped(decoded(segment))
        ? REDACTED
        : segment,
    )
    .join('/');
}

/** A route pattern's segment that is a parameter named like a credential (`:key`). */
function isCredentialParam(part: string | undefined): boolean {
  return part?.startsWith(':') === true && CREDENTIAL_NAME.test(part.slice(1));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * An onRoute hook: every route of the scope takes credentials in its query (a loader protocol
 * whose calls may come as a GET form), so no query value of it is logged.
 */
export function queryIsCredentials(route: RouteOptions): void {
  route.config = { ...route.config, credentialQuery: true };
}

/**
 * Fastify's default request fields in the access log, with the URL's credentials removed. The
 * headers (Authorization, cookies) and the body are never logged.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url, {
      pattern: request.routeOptions.url,
      credentialQuery: request.routeOptions.config.credentialQuery,
    }),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
