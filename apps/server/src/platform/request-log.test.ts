import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { urlForLog } from './request-log.js';

describe('access log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
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

  it('keeps the other query parameters as they are', () => {
    expect(urlForLog('/api/keys?q=ABC&page=2')).toBe('/api/keys?q=ABC&page=2');
    expect(urlForLog('/x?page=2&Token=s3cr3t&q=a')).toBe('/x?page=2&Token=[redacted]&q=a');
    expect(urlForLog('/x?mytoken=keep')).toBe('/x?mytoken=keep');
  });

  it('redacts a credential whose parameter name is percent-encoded, as the server decodes it', async () => {
    const token = 'e-mail-token-encoded-name-0123456789';
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?%74ok%65n=${token}` });
    expect(lines.join('\n')).not.toContain(token);
    expect(urlForLog('/x?s%65ssion=abc&q=1')).toBe('/x?s%65ssion=[redacted]&q=1');
    expect(urlForLog('/x?token')).toBe('/x?token=[redacted]');
  });
});
