import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/multipart.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const HEADERS_MS = 400;
const BODY_MS = 400;
const UPLOAD_MS = 2_000;

interface Outcome {
  /** What the server wrote before closing. */
  received: string;
  /** Milliseconds from connecting to the server closing the socket. */
  closedAfterMs: number;
}

/**
 * Opens a raw socket, writes `start`, then `drip` every `everyMs` while the socket is open, and
 * resolves once the server closes it.
 */
function slowClient(port: number, start: string, drip = '', everyMs = 100): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(start);
      const dripping = setInterval(() => {
        if (drip && socket.writable) socket.write(drip);
      }, everyMs);
      socket.once('close', () => {
        clearInterval(dripping);
        resolve({ received, closedAfterMs: Date.now() - began });
      });
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`socket still open after 15 s; received: ${received}`));
    }, 15_000).unref();
  });
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        BODY_TIMEOUT_MS: String(BODY_MS),
        UPLOAD_TIMEOUT_MS: String(UPLOAD_MS),
      },
    });
    admin = await t.createUser({ role: 'admin' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('closes a socket that never sends a request once the headers timeout passes', async () => {
    const outcome = await slowClient(port, '');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_MS + 1_500);
  });

  it('closes a socket whose headers trickle in (slow loris) once the headers timeout passes', async () => {
    const outcome = await slowClient(port, 'GET /api/health HTTP/1.1\r\n', 'X-Slow: 1\r\n');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_MS + 1_500);
  });

  it('closes a request whose JSON body is dribbled past the body timeout with a pt-BR 408, long before the upload window', async () => {
    const head = [
      'POST /api/auth/login HTTP/1.1',
      'Host: localhost',
      'Content-Type: application/json',
      'Content-Length: 1000',
      '',
      '{"identifier":"',
    ].join('\r\n');
    const outcome = await slowClient(port, head, 'a');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.received).toContain('"code":"REQUEST_TIMEOUT"');
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(BODY_MS);
    expect(outcome.closedAfterMs).toBeLessThan(UPLOAD_MS / 2);
  });

  it('gives a dribbled upload the upload window, then closes it', async () => {
    const { body, contentType } = multipartBody([
      { name: 'avatar', filename: 'a.png', content: Buffer.alloc(100_000) },
    ]);
    const head = [
      'POST /api/profile/avatar/upload HTTP/1.1',
      'Host: localhost',
      `Authorization: ${admin.headers.authorization}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${String(body.length)}`,
      '',
      body.subarray(0, 200).toString('latin1'),
    ].join('\r\n');
    const outcome = await slowClient(port, head, '\0');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(UPLOAD_MS);
    expect(outcome.closedAfterMs).toBeLessThan(UPLOAD_MS + 1_500);
  });

  it('still answers a request whose body arrives in time', async () => {
    const body = JSON.stringify({ identifier: 'ninguem', password: 'senha-errada-123' });
    const outcome = await slowClient(
      port,
      [
        'POST /api/auth/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        `Content-Length: ${String(body.length)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    expect(outcome.received).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('uploads below the minimum rate', () => {
  const RATE_WINDOW_MS = 500;
  const LONG_UPLOAD_MS = 60_000;
  let t: TestApp;
  let port: number;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        UPLOAD_TIMEOUT_MS: String(LONG_UPLOAD_MS),
        UPLOAD_RATE_WINDOW_MS: String(RATE_WINDOW_MS),
      },
    });
    user = await t.createUser();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  function avatarUpload(size: number) {
    const content = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(size - 8, 1),
    ]);
    const { body, contentType } = multipartBody([
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', content },
    ]);
    const head = [
      'POST /api/profile/avatar/upload HTTP/1.1',
      'Host: localhost',
      `Authorization: ${user.headers.authorization}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${String(body.length)}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    return { head, body };
  }

  it('cuts an upload dribbled below 1 KB/s with the pt-BR 408 long before the upload window', async () => {
    const { head, body } = avatarUpload(100_000);
    const outcome = await slowClient(port, head + body.subarray(0, 200).toString('latin1'), '\0');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.received).toContain('"code":"REQUEST_TIMEOUT"');
    expect(outcome.closedAfterMs).toBeLessThan(3 * RATE_WINDOW_MS + 1_000);
  });

  it('still stores an upload sent slowly but above the minimum rate', async () => {
    const { head, body } = avatarUpload(40_000);
    // 2 KB every 100 ms, over about 2 s: several rate windows long.
    const outcome = await new Promise<string>((resolve) => {
      let received = '';
      let sent = 0;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        const sending = setInterval(() => {
          socket.write(body.subarray(sent, sent + 2048));
          sent += 2048;
          if (sent >= body.length) clearInterval(sending);
        }, 100);
      });
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.once('close', () => resolve(received));
    });
    expect(outcome).toMatch(/^HTTP\/1\.1 200 /);
  });
});
