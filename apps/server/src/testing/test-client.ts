import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';

/**
 * The tests' HTTP client: `t.as(user).post(url, body)`, `t.anonymous.get(url)`. Requests go
 * through app.inject, so the whole HTTP stack (hooks, schemas, guards, error handler) answers
 * them as it answers a real caller, and the answer is inject's (with its typed `.json<T>()`).
 *
 * Each request comes from a client address of its own, so one test's calls never count against
 * another's per-IP rate limit; a test about limits or addresses pins one with `{ ip }`.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Body = InjectOptions['payload'];
export type TestResponse = LightMyRequestResponse;

/**
 * Who a request is sent as: a test user (its `headers`), a session token, the `{ authorization }`
 * headers of one, a function signing a token per request (for tests that move the clock past a
 * token's life), or null for nobody.
 */
export type Caller =
  | { headers: { authorization: string } }
  | { authorization: string }
  | string
  | (() => Promise<string>)
  | null;

export interface ClientOptions {
  /** The client address of every request; a new one per request otherwise. */
  ip?: string;
  /** Headers on every request (a request's own headers win). */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface TestClient {
  get(url: string, options?: RequestOptions): Promise<TestResponse>;
  post(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse>;
  put(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse>;
  patch(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse>;
  delete(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse>;
  /** For tests that take the method as data (the same check over several routes). */
  request(
    method: Method,
    url: string,
    body?: Body,
    options?: RequestOptions,
  ): Promise<TestResponse>;
}

let addressesHandedOut = 0;

/**
 * A new client address per call, from 198.18.0.0/15 (reserved for network benchmarking), so
 * it never equals an address a test pins.
 */
export function nextClientAddress(): string {
  addressesHandedOut += 1;
  const n = addressesHandedOut;
  return `198.${String(18 + ((n >> 16) & 1))}.${String((n >> 8) & 255)}.${String(n & 255)}`;
}

async function authorizationOf(caller: Caller): Promise<string | undefined> {
  if (caller === null) return undefined;
  if (typeof caller === 'string') return `Bearer ${caller}`;
  if (typeof caller === 'function') return `Bearer ${await caller()}`;
  return 'headers' in caller ? caller.headers.authorization : caller.authorization;
}

/** A client sending to `app` as `caller`: what TestApp's `as` builds, and one for a second node. */
export function createTestClient(
  app: App,
  caller: Caller,
  options: ClientOptions = {},
): TestClient {
  const request: TestClient['request'] = async (method, url, body, perRequest = {}) => {
    const authorization = await authorizationOf(caller);
    return app.inject({
      method,
      url,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...options.headers,
        ...perRequest.headers,
      },
      ...(perRequest.query ? { query: perRequest.query } : {}),
      ...(body !== undefined ? { payload: body } : {}),
      remoteAddress: options.ip ?? nextClientAddress(),
    });
  };
  return {
    get: (url, requestOptions) => request('GET', url, undefined, requestOptions),
    post: (url, body, requestOptions) => request('POST', url, body, requestOptions),
    put: (url, body, requestOptions) => request('PUT', url, body, requestOptions),
    patch: (url, body, requestOptions) => request('PATCH', url, body, requestOptions),
    delete: (url, body, requestOptions) => request('DELETE', url, body, requestOptions),
    request,
  };
}
