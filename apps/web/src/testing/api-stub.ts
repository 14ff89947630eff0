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
 * `vi.unstubAllGlobals()`.
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
