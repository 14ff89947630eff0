import { LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultipartPart } from '../../testing/multipart.js';
import { multipartBody } from '../../testing/multipart.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.admin;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('resto-do-png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a-gif');

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'perfil_admin' });
});
afterAll(() => t.close());

function patch(parts: MultipartPart[]) {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'PATCH',
    url: '/api/admin/profile',
    headers: { ...admin.headers, 'content-type': contentType },
    payload: body,
  });
}

function profile() {
  return t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: admin.headers });
}

describe('admin profile', () => {
  it('reads the username and avatar', async () => {
    const response = await profile();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'perfil_admin', avatar_url: null });
  });

  it('stores an avatar content-addressed and serves it publicly with long caching', async () => {
    const response = await patch([
      { name: 'avatar', filename: 'eu.png', content: PNG, contentType: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; username: string; avatar_url: string }>();
    expect(body).toEqual({
      message: text.profileUpdated,
      username: 'perfil_admin',
      avatar_url: expect.stringMatching(/^\/api\/files\/[0-9a-f]{64}$/) as string,
    });

    const file = await t.app.inject({ method: 'GET', url: body.avatar_url });
    expect(file.statusCode).toBe(200);
    // The type comes from the bytes, not from what the upload claimed.
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);

    for (const [content, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [GIF, 'image/gif'],
    ] as const) {
      const url = (await patch([{ name: 'avatar', filename: 'a', content }])).json<{
        avatar_url: string;
      }>().avatar_url;
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe(type);
    }
    // The replaced avatars are gone.
    expect((await t.app.inject({ method: 'GET', url: body.avatar_url })).statusCode).toBe(404);
  });

  it('renames the admin, enforcing the username rules', async () => {
    const renamed = await patch([{ name: 'username', content: 'novo_admin' }]);
    expect(renamed.json()).toMatchObject({ username: 'novo_admin' });
    expect((await profile()).json()).toMatchObject({ username: 'novo_admin' });

    const short = await patch([{ name: 'username', content: 'ab' }]);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: messages.validation.usernameMin,
      code: 'VALIDATION_ERROR',
    });
    await t.createUser({ username: 'ja_existe' });
    const taken = await patch([{ name: 'username', content: 'JA_EXISTE' }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: messages.auth.usernameTaken, code: 'USERNAME_TAKEN' });
  });

  it('refuses non-images, oversize images, empty forms and unknown fields', async () => {
    const before = (await profile()).json<{ avatar_url: string }>().avatar_url;
    const svg = await patch([{ name: 'avatar', filename: 'x.svg', content: '<svg></svg>' }]);
    expect(svg.statusCode).toBe(422);
    expect(svg.json()).toEqual({ message: text.avatarInvalid, code: 'INVALID_FILE' });

    const huge = Buffer.concat([PNG, Buffer.alloc(LIMITS.avatarMaxBytes)]);
    const tooBig = await patch([{ name: 'avatar', filename: 'x.png', content: huge }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: text.avatarTooLarge, code: 'PAYLOAD_TOO_LARGE' });

    const empty = await patch([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: text.profileNothingToUpdate, code: 'BAD_REQUEST' });
    expect((await patch([{ name: 'role', content: 'admin' }])).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/profile',
      headers: admin.headers,
      payload: { username: 'via_json' },
    });
    expect(json.statusCode).toBe(400);
    expect((await profile()).json<{ avatar_url: string }>().avatar_url).toBe(before);
  });
});

describe('GET /api/files/:sha256', () => {
  it('answers 404 for an unknown or malformed hash', async () => {
    for (const sha of ['0'.repeat(64), 'nao-e-hash', 'A'.repeat(64)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${sha}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: text.fileNotFound, code: 'NOT_FOUND' });
    }
  });
});
