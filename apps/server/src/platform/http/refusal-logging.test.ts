import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

type Entry = Record<string, unknown> & { level: number; msg?: string };

let t: TestApp;
let admin: TestUser;
let client: TestUser;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => void logLines.push(line) },
    configure(app) {
      app.get('/api/test/crash', () => {
        throw new Error('unexpected');
      });
    },
  });
  admin = await t.createUser({ role: 'admin' });
  client = await t.createUser();
});
afterAll(() => t.close());

async function logged(call: () => Promise<unknown>): Promise<Entry[]> {
  logLines.length = 0;
  await call();
  return logLines.map((line) => JSON.parse(line) as Entry);
}

function setMaintenance(value: 'on' | 'off') {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: admin.headers,
    payload: { key: 'maintenance_mode', value },
  });
}

describe('the log', () => {
  it('records expected refusals at info with their code and no stack', async () => {
    await setMaintenance('on');
    const nonce = () => randomBytes(16).toString('base64url');
    const calls = [
      () => t.app.inject({ method: 'GET', url: '/api/client/dashboard', headers: client.headers }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/loader/auth',
          payload: { productId: 'p', hwid: 'PC-12345678', nonce: nonce(), key: 'A'.repeat(18) },
        }),
    ];
    for (const call of calls) {
      const entries = await logged(call);
      expect(entries).toContainEqual(
        expect.objectContaining({ level: 30, statusCode: 503, code: 'MAINTENANCE' }),
      );
      expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
      expect(JSON.stringify(entries)).not.toContain('"stack"');
    }
    await setMaintenance('off');

    const refusals = [
      () => t.app.inject({ method: 'GET', url: '/api/client/dashboard' }),
      () => t.app.inject({ method: 'GET', url: '/api/users', headers: client.headers }),
      () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 1 } }),
      () => t.app.inject({ method: 'POST', url: '/api/loader/auth', payload: {} }),
    ];
    for (const call of refusals) {
      const entries = await logged(call);
      expect(entries).toContainEqual(
        expect.objectContaining({ level: 30, msg: 'request refused' }),
      );
      expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
      expect(JSON.stringify(entries)).not.toContain('"stack"');
    }
  });

  it('records an unexpected failure as an error with its stack', async () => {
    const entries = await logged(() => t.app.inject({ method: 'GET', url: '/api/test/crash' }));
    const failure = entries.find((entry) => entry.msg === 'request failed');
    expect(failure?.level).toBe(50);
    expect(JSON.stringify(failure)).toContain('"stack"');
  });
});
