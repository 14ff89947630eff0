import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

/** A body over the JSON limit (1 MB). */
const BODY_BYTES = 1_500_000;

interface Outcome {
  /** Everything the server wrote, both answers. */
  received: string;
  /** The socket error the client saw while sending, if any. */
  error: string | undefined;
}

/**
 * On one keep-alive socket: the headers and a first part of an oversized body, a pause (time
 * enough for an early answer and close), the rest of the body, then a second request.
 */
function oversizedThenAnother(port: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let received = '';
    let error: string | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      void (async () => {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
            `Content-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
        );
        socket.write('a'.repeat(64 * 1024));
        await sleep(300);
        socket.write('a'.repeat(BODY_BYTES - 64 * 1024));
        await sleep(300);
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      })();
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    socket.on('close', () => resolve({ received, error }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`socket still open after 10 s; received: ${received.slice(0, 300)}`));
    }, 10_000).unref();
  });
}

describe('a body over its route’s limit', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is read to its end, then refused with 413 on a connection that stays usable', async () => {
    const { received, error } = await oversizedThenAnother(port);
    expect(error).toBeUndefined();
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 413 /);
    expect(answers[0]).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200 /);
  });
});
