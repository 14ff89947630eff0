import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.bypass;
const HOUR = 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

/** The admin with a token signed at each request's clock time (the tests move the clock by days). */
const freshAdmin = () => t.tokenFor(admin);

interface Item {
  uid: string;
  nickname: string | null;
  region: string;
  remaining_hours: number;
  paused: boolean;
  active: boolean;
}

async function item(uid: string): Promise<Item | undefined> {
  const response = await t.as(freshAdmin).get(`/api/bypass/uids?q=${uid}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Item[] }>().items.find((row) => row.uid === uid);
}

let counter = 0;
function freshUid(): string {
  counter += 1;
  return `UID_${String(counter)}_${Math.random().toString(36).slice(2, 8)}`;
}

describe('POST /api/bypass/uids', () => {
  it('whitelists a UID for the chosen hours', async () => {
    const response = await t.as(freshAdmin).post('/api/bypass/uids', {
      uid: '  jogador-123  ',
      duration: 168,
      nickname: 'Fulano',
      region: 'BR',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'UID criado com sucesso!' });
    expect(await item('jogador-123')).toEqual({
      uid: 'jogador-123',
      nickname: 'Fulano',
      region: 'BR',
      remaining_hours: 168,
      paused: false,
      active: true,
    });
    expect(await t.lastActivity()).toBe('UID jogador-123 criado (168 h)');
  });

  it('defaults the region to unknown and an empty nickname to none', async () => {
    const uid = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 24, nickname: ' ' });
    expect(await item(uid)).toMatchObject({ nickname: null, region: 'unknown' });
  });

  it('answers 409 for a UID already listed', async () => {
    const uid = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 24 });
    const again = await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 720 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: text.uidTaken, code: 'UID_TAKEN' });
  });

  it.each([
    [{ duration: 24 }, 'UID é obrigatório.'],
    [{ uid: 'abcd', duration: 24 }, 'UID é obrigatório.'],
    [{ uid: '   abcd   ', duration: 24 }, 'UID é obrigatório.'],
    [{ uid: 'abc de', duration: 24 }, text.uidFormat],
    [{ uid: 'a'.repeat(65), duration: 24 }, text.uidFormat],
    [{ uid: 'abcde' }, 'Selecione uma duração.'],
    [{ uid: 'abcde', duration: 48 }, 'Selecione uma duração.'],
    [{ uid: 'abcde', duration: '24' }, 'Selecione uma duração.'],
    [{ uid: 'abcde', duration: 24, nickname: 'x'.repeat(33) }, text.nicknameMax],
    [{ uid: 'abcde', duration: 24, region: 'LATAM' }, text.regionInvalid],
  ])('refuses %j with its message', async (payload, message) => {
    const response = await t.as(freshAdmin).post('/api/bypass/uids', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });
});

describe('the UID clock', () => {
  it('counts down, freezes while paused, resumes with what was left and ends at 0', async () => {
    const uid = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 24 });
    t.clock.advance(4 * HOUR + 0.5 * HOUR);
    expect(await item(uid)).toMatchObject({ remaining_hours: 19.5, active: true });

    const pause = await t.as(freshAdmin).put(`/api/bypass/uids/${uid}/pause`);
    expect(pause.statusCode).toBe(200);
    expect(pause.json()).toEqual({ message: 'Alteração de pausa executada!', paused: true });
    expect(await t.lastActivity()).toBe(`UID ${uid} pausado`);
    t.clock.advance(100 * HOUR);
    expect(await item(uid)).toMatchObject({ remaining_hours: 19.5, paused: true, active: false });

    const resume = await t.as(freshAdmin).put(`/api/bypass/uids/${uid}/pause`);
    expect(resume.json()).toEqual({ message: 'Alteração de pausa executada!', paused: false });
    expect(await t.lastActivity()).toBe(`UID ${uid} retomado`);
    t.clock.advance(HOUR / 3);
    expect(await item(uid)).toMatchObject({ remaining_hours: 19.17, paused: false, active: true });

    t.clock.advance(20 * HOUR);
    expect(await item(uid)).toMatchObject({ remaining_hours: 0, paused: false, active: false });
    const late = await t.as(freshAdmin).put(`/api/bypass/uids/${uid}/pause`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: text.expiredCannotPause, code: 'UID_EXPIRED' });
  });

  it('answers 404 to pausing an unknown UID', async () => {
    const response = await t.as(freshAdmin).put('/api/bypass/uids/ninguem/pause');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
  });
});

describe('PUT and DELETE /api/bypass/uids/{uid}', () => {
  it('changes a UID keeping its time, then deletes it', async () => {
    const uid = freshUid();
    const newUid = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 336, region: 'EU' });
    await t.as(freshAdmin).put(`/api/bypass/uids/${uid}/pause`);
    const rename = await t.as(freshAdmin).put(`/api/bypass/uids/${uid}`, { newUid });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toEqual({ message: 'UID atualizado!' });
    expect(await t.lastActivity()).toBe(`UID ${uid} alterado para ${newUid}`);
    expect(await item(uid)).toBeUndefined();
    expect(await item(newUid)).toMatchObject({ region: 'EU', remaining_hours: 336, paused: true });

    const remove = await t.as(freshAdmin).delete(`/api/bypass/uids/${newUid}`);
    expect(remove.statusCode).toBe(200);
    expect(remove.json()).toEqual({ message: 'UID deletado!' });
    expect(await t.lastActivity()).toBe(`UID ${newUid} deletado`);
    expect(await item(newUid)).toBeUndefined();
    expect((await t.as(freshAdmin).delete(`/api/bypass/uids/${newUid}`)).statusCode).toBe(404);
  });

  it('answers 409 when the new UID is taken, 404 for an unknown one, 400 for a bad one', async () => {
    const a = freshUid();
    const b = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid: a, duration: 24 });
    await t.as(freshAdmin).post('/api/bypass/uids', { uid: b, duration: 24 });
    const taken = await t.as(freshAdmin).put(`/api/bypass/uids/${a}`, { newUid: b });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: text.uidTaken });
    const missing = await t.as(freshAdmin).put('/api/bypass/uids/ninguem', { newUid: freshUid() });
    expect(missing.statusCode).toBe(404);
    const empty = await t.as(freshAdmin).put(`/api/bypass/uids/${a}`, { newUid: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'UID é obrigatório.' });
  });

  it('renames a UID once when admins rename it at the same time; the others find it gone', async () => {
    const uid = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 24 });
    const targets = Array.from({ length: 10 }, () => freshUid());

    const answers = await Promise.all(
      targets.map((newUid) => t.as(freshAdmin).put(`/api/bypass/uids/${uid}`, { newUid })),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: text.notFound });
    }
    const listed = await Promise.all(targets.map((newUid) => item(newUid)));
    expect(listed.filter((found) => found !== undefined)).toHaveLength(1);
  });
});

describe('API keys and GET /api/bypass/check/{uid}', () => {
  it('answers a valid key, refuses a revoked or wrong one', async () => {
    const uid = freshUid();
    await t.as(freshAdmin).post('/api/bypass/uids', { uid, duration: 24 });

    const created = await t
      .as(freshAdmin)
      .post('/api/bypass/api-keys', { name: 'Serviço externo' });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ key: string; id: string; prefix: string; message: string }>();
    expect(body.message).toBe(text.apiKeyCreated);
    expect(body.key).toMatch(/^chv_[A-Za-z0-9_-]{43}$/);
    expect(body.prefix).toBe(body.key.slice(0, 12));
    expect(await t.lastActivity()).toBe(`Chave de API Serviço externo (${body.prefix}…) criada`);

    const stored = await t.database.db
      .selectFrom('bypass_api_keys')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(body.key);

    const list = await t.as(freshAdmin).get('/api/bypass/api-keys');
    expect(list.json()).toMatchObject({
      items: [{ id: body.id, name: 'Serviço externo', prefix: body.prefix, revoked_at: null }],
    });
    expect(list.body).not.toContain(body.key);

    const check = (key: string | undefined, target = uid) =>
      t.anonymous.get(`/api/bypass/check/${target}`, {
        headers: key ? { 'x-api-key': key } : {},
      });

    const ok = await check(body.key);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ active: true, remaining_hours: 24, paused: false });
    expect((await check(body.key, 'desconhecido')).json()).toEqual({
      active: false,
      remaining_hours: 0,
      paused: false,
    });

    const wrong = `${body.key.slice(0, -1)}${body.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [undefined, 'qualquer', wrong, `chv_${'x'.repeat(43)}`]) {
      const response = await check(key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: text.apiKeyInvalid, code: 'API_KEY_INVALID' });
    }
    // An admin session is no substitute for the key.
    expect((await t.as(freshAdmin).get(`/api/bypass/check/${uid}`)).statusCode).toBe(401);

    const revoke = await t.as(freshAdmin).delete(`/api/bypass/api-keys/${body.id}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ message: text.apiKeyRevoked });
    expect(await t.lastActivity()).toBe(`Chave de API Serviço externo (${body.prefix}…) revogada`);
    expect((await check(body.key)).statusCode).toBe(401);
    expect((await t.as(freshAdmin).delete('/api/bypass/api-keys/nope')).statusCode).toBe(404);
  });

  it('rate-limits the check before looking at the key', async () => {
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/bypass/check/qualquer',
        headers: { 'x-api-key': 'chute' },
        remoteAddress: '10.9.9.9',
      });
    for (let batch = 0; batch < 6; batch += 1) {
      const codes = (await Promise.all(Array.from({ length: 100 }, check))).map(
        (response) => response.statusCode,
      );
      expect(new Set(codes)).toEqual(new Set([401]));
    }
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('refuses a key without a name', async () => {
    const response = await t.as(freshAdmin).post('/api/bypass/api-keys', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: text.apiKeyNameRequired });
  });
});
