import { vi } from 'vitest';

/** One request the page sent, as the stub saw it. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. `/api/auth/verify-email?token=abc`. */
  url: string;
  body: unknown;
}

export type ApiHandler = (request: SentRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch`, the network boundary, with `handler` and records every request. Undo with
 * `vi.unstubAllGlobals()`. For a fake backend with several endpoints, use `stubRoutes`.
 */
export function stubApi(handler: ApiHandler): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const request: SentRequest = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      sent.push(request);
      return handler(request);
    }),
  );
  return sent;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as a route sees it: the path's `:name` segments and the query read out. */
export interface RouteRequest extends SentRequest {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
}

/** Answers a request with a `Response`, or with any other value as its 200 JSON body. */
export type RouteHandler = (request: RouteRequest) => unknown;

/**
 * A fake backend as a table: `'METHOD /path'` → a handler, or a value answered as 200 JSON (read
 * on each request, so a test may change it meanwhile). A path segment `:name` matches any one
 * segment; the query is not matched, a handler reads it from `query`. When several routes match,
 * the one with more literal segments wins, as on the server's router (then the first written).
 */
export type Routes = Partial<Record<`${Method} /${string}`, RouteHandler | JsonBody>>;
type JsonBody = object | string | number | boolean | null;

export interface StubbedApi {
  /** Every request, in order. */
  sent: SentRequest[];
  /** The requests no route matched, so a test can assert it touched nothing it did not mean to. */
  unmatched: SentRequest[];
}

/** The answer to a request no route matches: the server's error shape, so screens show an error. */
export const notStubbed = () => jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });

interface Route {
  method: string;
  segments: string[];
  answer: unknown;
}

/** The `:name` values if `route` matches, with how many literal segments it matched. */
function match(route: Route, method: string, segments: string[]) {
  if (route.method !== method || route.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  let literals = 0;
  for (const [index, part] of route.segments.entries()) {
    const actual = segments[index] ?? '';
    if (part.startsWith(':') && actual !== '') params[part.slice(1)] = decodeURIComponent(actual);
    else if (part === actual) literals += 1;
    else return undefined;
  }
  return { params, literals };
}

/** Replaces `fetch` with the backend `routes`; anything else answers `notStubbed`. */
export function stubRoutes(routes: Routes): StubbedApi {
  const table: Route[] = Object.entries(routes).map(([key, answer]) => {
    const [method = '', path = ''] = key.split(' ');
    return { method, segments: path.split('/'), answer };
  });
  const unmatched: SentRequest[] = [];
  const sent = stubApi(async (request) => {
    const url = new URL(request.url, 'http://stub.invalid');
    const segments = url.pathname.split('/');
    let best: { route: Route; params: Record<string, string>; literals: number } | undefined;
    for (const route of table) {
      const found = match(route, request.method, segments);
      if (found && found.literals > (best?.literals ?? -1)) best = { route, ...found };
    }
    if (!best) {
      unmatched.push(request);
      return notStubbed();
    }
    const { answer } = best.route;
    const answered: unknown =
      typeof answer === 'function'
        ? await (answer as RouteHandler)({
            ...request,
            params: best.params,
            query: url.searchParams,
          })
        : answer;
    return answered instanceof Response ? answered : jsonResponse(200, answered);
  });
  return { sent, unmatched };
}
