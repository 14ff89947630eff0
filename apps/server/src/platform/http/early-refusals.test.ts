import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw, sendRaw } from '../../testing/raw-http.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Refused before the router picks a route (by Node's HTTP parser, or a path that does not
// decode): only a real socket sends such requests as they are.
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => void logLines.push(line) },
    configure(app) {
      // A parameter with no catch-all beside it: a value over the router's limit is refused.
      app.get('/test/items/:id', () => ({ ok: true }));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const invalidRequest = { message: messages.errors.invalidRequest, code: 'BAD_REQUEST' };

describe('requests the HTTP parser refuses', () => {
  it('answer headers over 16 KB with 431 and a pt-BR JSON body', async () => {
    const response = await getRaw(t.app, '/api/health', { 'x-filler': 'a'.repeat(20_000) });
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual({
      message: messages.errors.headersTooLarge,
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['a space in the path', 'GET /api/he alth HTTP/1.1\r\nhost: x\r\n\r\n'],
    ['a broken header', 'GET /api/health HTTP/1.1\r\nhost x\r\n\r\n'],
    ['raw non-ASCII bytes in the path', 'GET /api/🔑 HTTP/1.1\r\nhost: x\r\n\r\n'],
    [
      'Content-Length beside chunked',
      'POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        'transfer-encoding: chunked\r\ncontent-length: 7\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n',
    ],
  ])('answer %s with 400 and a pt-BR JSON body', async (_what, request) => {
    const response = await sendRaw(t.app, request);
    expect(response.status).toBe(400);
    expect(response.headers.connection).toBe('close');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expect(JSON.parse(response.body)).toEqual(invalidRequest);
  });

  it('answer HEAD with headers only, so no stray body follows the answer', async () => {
    const response = await sendRaw(t.app, 'HEAD /api/🔑 HTTP/1.1\r\nhost: x\r\n\r\n');
    expect(response.status).toBe(400);
    expect(response.headers.connection).toBe('close');
    expect(response.body).toBe('');
  });

  it('are logged as refusals at info, not as errors', async () => {
    logLines.length = 0;
    await getRaw(t.app, '/api/health', { 'x-filler': 'a'.repeat(20_000) });
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 30, statusCode: 431, code: 'HEADERS_TOO_LARGE' }),
    );
    expect(entries.filter((entry) => Number(entry.level) >= 40)).toEqual([]);
  });

  it('leave ordinary requests on the same server alone', async () => {
    const response = await getRaw(t.app, '/api/health');
    expect(response.status).toBe(200);
  });
});

describe('a path that does not decode', () => {
  it.each([
    ['a lone percent', '/api/users/%/subscriptions'],
    ['a bad escape', '/api/keys/%zz'],
    ['invalid UTF-8', '/api/keys/%ff%fe'],
    ['an encoded lone surrogate', '/api/keys/%ED%A0%80'],
    ['a bad escape outside the API', '/%zz'],
  ])('with %s is a pt-BR 400 that does not echo the path', async (_what, path) => {
    const response = await getRaw(t.app, path);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual(invalidRequest);
  });

  it('is answered to HEAD with headers only', async () => {
    const response = await sendRaw(
      t.app,
      'HEAD /api/keys/%zz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(response.body).toBe('');
  });
});

describe('every refusal before routing', () => {
  it.each([
    [
      'headers over 16 KB',
      'GET /api/health HTTP/1.1\r\nhost: x\r\nx-filler: ' + 'a'.repeat(20_000) + '\r\n\r\n',
    ],
    [
      'a path that does not decode',
      'GET /api/keys/%zz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    ],
    [
      'a loader path that does not decode',
      'POST /api/loader/%zz HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\nconnection: close\r\n\r\n',
    ],
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
  ])('is marked no-store like every API answer: %s', async (_what, request) => {
    const response = await sendRaw(t.app, request);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('a path parameter over the router length limit', () => {
  it('is a pt-BR 400, not an English 414', async () => {
    const response = await getRaw(t.app, `/test/items/${'a'.repeat(5000)}`);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(invalidRequest);
  });

  it('under the API is the JSON 404 of an unknown route', async () => {
    const response = await sendRaw(
      t.app,
      `POST /api/users/${'a'.repeat(5000)}/subscriptions HTTP/1.1\r\nhost: x\r\n` +
        'content-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
    );
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({
      message: messages.errors.routeNotFound,
      code: 'NOT_FOUND',
    });
  });
});
