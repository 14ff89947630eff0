import { messages } from '@chaveiro/contract';
import type { z } from 'zod';
import { getToken } from './session';

/** Same origin: the server serves the web, and Vite proxies `/api` in development. */
export const API_BASE = '/api';

/** The calls that work without a session (spec §6); everything else needs the bearer token. */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set([
  '/auth/register',
  '/auth/login',
  '/auth/verify-email',
  '/auth/forgot-password',
  '/auth/reset-password',
]);

/** Codes the client raises itself, next to the server's `{ message, code }` codes. */
export const CLIENT_ERROR_CODES = {
  notAuthenticated: 'NOT_AUTHENTICATED',
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  unknown: 'UNKNOWN',
} as const;

/**
 * A failed call. `status` is the HTTP status, or 0 when the request never got an answer.
 * `authenticated` tells whether the request carried the bearer token, so a 401 on a login
 * attempt is not mistaken for an expired session.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly authenticated: boolean;

  constructor(status: number, code: string, message: string, authenticated = false) {
    super(message);
    this.status = status;
    this.code = code;
    this.authenticated = authenticated;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T = unknown> {
  /** A plain value is sent as JSON; a FormData goes untouched so the browser writes multipart. */
  body?: unknown;
  query?: QueryParams;
  /** Validates the answer; a mismatch is reported like any unreadable answer. */
  schema?: z.ZodType<T>;
  /** Marks a call that needs no session (health, newsletter), beyond the auth calls. */
  public?: boolean;
  signal?: AbortSignal;
  headers?: HeadersInit;
}

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function buildUrl(path: string, query: QueryParams | undefined): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function stringField(data: unknown, field: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function invalidResponse(status: number): ApiError {
  return new ApiError(
    status,
    status === 0 ? CLIENT_ERROR_CODES.network : CLIENT_ERROR_CODES.invalidResponse,
    messages.errors.networkOrInvalidResponse,
  );
}

export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const requiresSession = options.public !== true && !PUBLIC_API_PATHS.has(pathOnly(path));
  const token = requiresSession ? getToken() : null;
  if (requiresSession && !token) {
    // Spec §6: fail before sending when no token is stored.
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.notAuthenticated,
      messages.errors.notAuthenticatedBeforeCall,
    );
  }

  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw invalidResponse(0);
  }

  let data: unknown;
  let isJson = false;
  if (text.length > 0) {
    try {
      data = JSON.parse(text);
      isJson = true;
    } catch {
      isJson = false;
    }
  }

  if (!response.ok) {
    if (!isJson) throw invalidResponse(response.status);
    const fallback =
      method === 'GET'
        ? messages.errors.readFallback(pathOnly(path))
        : messages.errors.writeFallback;
    throw new ApiError(
      response.status,
      stringField(data, 'code') ?? CLIENT_ERROR_CODES.unknown,
      stringField(data, 'message') ?? fallback,
      token !== null,
    );
  }

  if (!isJson) {
    // 204 and other empty answers carry nothing; any other non-JSON success is unreadable.
    if (text.length === 0) return undefined as T;
    throw invalidResponse(response.status);
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw invalidResponse(response.status);
  return parsed.data;
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'body'>;

/** The one API client (spec §6–§8). Paths are relative to `/api`, e.g. `api.get('/users')`. */
export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>('DELETE', path, options),
};

/** The pt-BR text to show for a thrown value; anything but an ApiError is 'Erro desconhecido.' */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.errors.unknown;
}
