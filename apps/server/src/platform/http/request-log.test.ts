import { randomBytes } from 'node:crypto';
import type { KeyAuthSavedResponse, WebhookSecretResponse } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { urlForLog } from './request-log.js';

describe('access log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t.close());

  /** The URLs the access log recorded for incoming requests. */
  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);

  it('never writes a loader session or an e-mailed token found in the URL', async () => {
    const session = 'v1.c2Vzc2lvbi1jbGFpbXM.bWFjLW9mLXRoZS1zZXNzaW9u';
    const token = 'e-mail-token-0123456789abcdef';
    await t.app.inject({ method: 'GET', url: `/api/loader/download?session=${session}` });
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });

    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/api/loader/download?session=[redacted]',
        '/api/auth/verify-email?token=[redacted]',
      ]),
    );
    expect(lines.join('\n')).not.toContain(session);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('never writes a secret a whole KeyAuth and seller-API journey used', async () => {
    const secrets: string[] = [];
    /** A secret of the journey: every one is searched for in the whole log at the end. */
    const secret = (value: string) => {
      secrets.push(value);
      return value;
    };

    // The seller signs in and switches KeyAuth on for a product, as on the console.
    const sitePassword = secret(`senha-site-${randomBytes(6).toString('hex')}`);
    const seller = await t.createUser({ role: 'admin', password: sitePassword });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: seller.username, password: sitePassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const site = { authorization: `Bearer ${secret(login.json<{ token: string }>().token)}` };
    const product = await t.fixtures.product();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/keyauth`,
      headers: site,
      payload: { enabled: true, name: 'Loader Real', version: '1.0' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const app = saved.json<KeyAuthSavedResponse>();
    secret(app.secret);

    // KeyAuth 1.3 (form POSTs) and 1.2 (the same calls as GET queries).
    const app12 = { name: app.name, ownerid: app.ownerId };
    const post13 = async (fields: Record<string, string>) => {
      const response = await t.anonymous.post(
        '/api/1.3/',
        new URLSearchParams({ ...app12, ...fields }).toString(),
        { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
      expect(response.statusCode).toBe(200);
      return response.json<{ success: boolean; sessionid?: string }>();
    };
    const get12 = async (fields: Record<string, string>, path = '/api/1.2/') => {
      const response = await t.anonymous.get(
        `${path}?${new URLSearchParams({ ...app12, ...fields }).toString()}`,
      );
      expect(response.statusCode).toBe(200);
      return JSON.parse(response.body) as { success: boolean; sessionid?: string };
    };

    const opened13 = await post13({ type: 'init', ver: app.version });
    const session13 = secret(opened13.sessionid ?? '');
    const username = `kau_${randomBytes(3).toString('hex')}`;
    const password = secret(`senha-${randomBytes(6).toString('hex')}`);
    const registerKey = secret((await t.fixtures.key(product.id)).key);
    const hwid = `S-1-5-21-${randomBytes(6).toString('hex')}`;
    expect(
      await post13({
        type: 'register',
        username,
        pass: password,
        key: registerKey,
        hwid,
        sessionid: session13,
      }),
    ).toMatchObject({ success: true });

    const enckey = secret(`enc-${randomBytes(8).toString('hex')}`);
    const opened12 = await get12({ type: 'init', ver: app.version, enckey });
    expect(opened12).toMatchObject({ success: true });
    const session12 = secret(opened12.sessionid ?? '');
    const licenseKey = secret((await t.fixtures.key(product.id)).key);
    await get12({ type: 'license', key: licenseKey, hwid: 'PC-OUTRO-1', sessionid: session12 });
    expect(
      await get12(
        { type: 'login', username, pass: password, hwid, sessionid: session12 },
        '/api/1.2',
      ),
    ).toMatchObject({ success: true });
    await get12({ type: 'check', sessionid: session12 }, '/api/%31.2/');

    // The seller API: a token given as it should be (a bearer header) and as clients wrongly
    // do (`?access_token=`), a webhook secret, licence keys in paths.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: site,
      payload: { name: 'Bot', scopes: ['keys:read', 'keys:write', 'webhooks:manage'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = secret(created.json<{ token: string }>().token);
    const bearer = { authorization: `Bearer ${apiToken}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer })).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/v1/keys?access_token=${apiToken}&page=1` });
    await t.app.inject({ method: 'GET', url: `/api/v1/keys?%61ccess_token=${apiToken}` });
    const sellerKey = secret((await t.fixtures.key(product.id)).key);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/keys/${sellerKey}`, headers: bearer }))
        .statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/v1/keys/${sellerKey}/ban`, headers: bearer });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: bearer,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['key.redeemed'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const webhookSecret = secret(hook.json<WebhookSecretResponse>().secret);
    await t.app.inject({ method: 'GET', url: `/api/v1/webhook-endpoints?s=${webhookSecret}` });
    await t.app.inject({ method: 'GET', url: `/api/nada/${apiToken}?senha=${password}` });
    // Any other line that records a URL goes through the same redaction.
    t.app.log.warn({ url: `/api/v1/keys?access_token=${apiToken}` }, 'a line with a URL');

    const log = lines.join('\n');
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/api\/1\.2\/\?name=\[redacted\]&.*&enckey=\[redacted\]$/),
        '/api/v1/keys?access_token=[redacted]&page=1',
        '/api/v1/keys/[redacted]/ban',
      ]),
    );
    expect(secrets.every((value) => value.length >= 8)).toBe(true);
    for (const value of secrets) expect(log).not.toContain(value);
    expect(log).not.toContain(hwid);
    expect(log.toLowerCase()).not.toContain('authorization');
  });

  it('keeps the other query parameters as they are', () => {
    expect(urlForLog('/api/keys?q=ABC&page=2')).toBe('/api/keys?q=ABC&page=2');
    expect(urlForLog('/x?page=2&Token=s3cr3t&q=a')).toBe('/x?page=2&Token=[redacted]&q=a');
    expect(urlForLog('/x?sort=created_at&id=0193f0a2-1c2d-7e3f-8a9b-0c1d2e3f4a5b')).toBe(
      '/x?sort=created_at&id=0193f0a2-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    );
  });

  it('redacts a parameter by what it is named or what it holds, whatever its name', () => {
    expect(urlForLog('/x?mytoken=a&user_password=b&x-api-key=c&otp=1&sid=2&q=3')).toBe(
      '/x?mytoken=[redacted]&user_password=[redacted]&x-api-key=[redacted]&otp=[redacted]&sid=[redacted]&q=3',
    );
    expect(urlForLog('/x?a=chv_live_abc&b=whsec_abc&c=APP_USR-1234567890-abcdef&d=ok')).toBe(
      '/x?a=[redacted]&b=[redacted]&c=[redacted]&d=ok',
    );
    expect(urlForLog('/x?q=ABCDEF123456789XYZ&jwt=eyJhbGciOi.eyJzdWIi.c2ln')).toBe(
      '/x?q=[redacted]&jwt=[redacted]',
    );
    expect(urlForLog('/x/chv_live_abc/y')).toBe('/x/[redacted]/y');
    expect(urlForLog('/k/ABC?type=init', { pattern: '/k/:key', credentialQuery: true })).toBe(
      '/k/[redacted]?type=[redacted]',
    );
  });

  it('redacts a credential whose parameter name is percent-encoded, as the server decodes it', async () => {
    const token = 'e-mail-token-encoded-name-0123456789';
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?%74ok%65n=${token}` });
    expect(lines.join('\n')).not.toContain(token);
    expect(urlForLog('/x?s%65ssion=abc&q=1')).toBe('/x?s%65ssion=[redacted]&q=1');
    expect(urlForLog('/x?token')).toBe('/x?token=[redacted]');
  });
});
