import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw, sendRaw } from '../testing/raw-http.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';

// Refused by Node's HTTP parser before Fastify routes anything: only a real socket shows them.
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

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
  ])('answer %s with 400 and a pt-BR JSON body', async (_what, request) => {
    const response = await sendRaw(t.app, request);
    expect(response.status).toBe(400);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expect(JSON.parse(response.body)).toEqual({
      message: messages.errors.invalidRequest,
      code: 'BAD_REQUEST',
    });
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
