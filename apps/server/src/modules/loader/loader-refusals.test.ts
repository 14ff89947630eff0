import type { KeyObject } from 'node:crypto';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type { LoaderEnvelope, LoaderPublicKey, LoaderRefusal } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw, sendRaw } from '../../testing/raw-http.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Refusals no loader route produces itself: requests refused before routing (only a real socket
// sends them as they are) and a unique index refusing a write. Each must still be signed.
let t: TestApp;
let publicKey: KeyObject;
beforeAll(async () => {
  t = await createTestApp();
  const key = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  publicKey = createPublicKey(key.json<LoaderPublicKey>().pem);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** The envelope of a signed answer, after checking its signature over the bytes received. */
function signed(answer: { headers: Record<string, unknown>; body: Buffer | string }) {
  const body = Buffer.from(answer.body);
  const signature = Buffer.from(String(answer.headers['x-signature']), 'base64');
  expect(verify(null, body, publicKey, signature)).toBe(true);
  return JSON.parse(body.toString('utf8')) as LoaderEnvelope<LoaderRefusal>;
}

const invalidRequest: LoaderRefusal = {
  ok: false,
  code: 'INVALID_REQUEST',
  message: messages.loader.refusals.INVALID_REQUEST,
};

describe('a loader request refused before routing', () => {
  it.each([
    ['a lone percent', '/api/loader/%'],
    ['a bad escape', '/api/loader/auth/%zz'],
    ['an encoded loader prefix', '/api/lo%61der/%ff'],
  ])('with %s in its path gets a signed INVALID_REQUEST', async (_what, path) => {
    const response = await getRaw(t.app, path);
    expect(response.status).toBe(400);
    expect(signed(response)).toMatchObject({
      request: `GET ${path}`,
      data: invalidRequest,
      nonce: null,
    });
  });

  it.each([
    ['headers over 16 KB', 'GET /api/loader/download?x=1', { 'x-filler': 'a'.repeat(20_000) }],
    ['raw non-ASCII bytes in the path', 'GET /api/loader/🔑', {}],
  ])(
    'refused by the HTTP parser for %s gets a signed INVALID_REQUEST',
    async (_what, line, headers) => {
      const lines = Object.entries({ host: 'x', ...headers }).map(([n, v]) => `${n}: ${v}\r\n`);
      const response = await sendRaw(t.app, `${line} HTTP/1.1\r\n${lines.join('')}\r\n`);
      expect(response.status).toBe(400);
      expect(response.headers.connection).toBe('close');
      expect(signed(response)).toMatchObject({
        request: line.split('?')[0],
        data: invalidRequest,
        nonce: null,
      });
    },
  );

  it('refused by the HTTP parser for Content-Length beside chunked gets a signed refusal', async () => {
    const response = await sendRaw(
      t.app,
      'POST /api/loader/auth HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        'transfer-encoding: chunked\r\ncontent-length: 7\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(signed(response)).toMatchObject({
      request: 'POST /api/loader/auth',
      data: invalidRequest,
    });
  });

  it('leaves the public key, unsigned when routed, its plain refusal', async () => {
    const response = await getRaw(t.app, '/api/loader/public-key', {
      'x-filler': 'a'.repeat(20_000),
    });
    expect(response.status).toBe(431);
    expect(response.headers['x-signature']).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual({
      message: messages.errors.headersTooLarge,
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('leaves the site its own unsigned refusal', async () => {
    const response = await getRaw(t.app, '/api/loaders/%zz');
    expect(response.status).toBe(400);
    expect(response.headers['x-signature']).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual({
      message: messages.errors.invalidRequest,
      code: 'BAD_REQUEST',
    });
  });
});

describe('a unique index refusing a loader write', () => {
  it('is a signed 409 CONFLICT, not a 500', async () => {
    // An index the service's own check does not know: one machine per HWID across accounts.
    await t.database.db.schema
      .createIndex('test_machines_hwid_unique')
      .on('machines')
      .column('hwid')
      .unique()
      .execute();
    const product = await t.fixtures.product();
    const hwid = `PC-${randomBytes(6).toString('hex')}`;
    const answers = [];
    for (let i = 0; i < 2; i += 1) {
      const account = await t.createUser();
      await t.fixtures.subscription(account.id, product.id);
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/loader/auth',
          remoteAddress: `10.7.0.${i + 1}`,
          payload: {
            productId: product.id,
            hwid,
            nonce: randomBytes(16).toString('base64url'),
            identifier: account.username,
            password: account.password,
          },
        }),
      );
    }
    const [first, second] = answers;
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(409);
    expect(signed({ headers: second!.headers, body: second!.rawPayload }).data).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: messages.loader.refusals.CONFLICT,
    });
  });
});
