import { registerBodySchema } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { ConflictError } from '../core/errors.js';
import { rateLimit } from './rate-limit.js';

describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure(app) {
        app.post('/api/test/register', { schema: { body: registerBodySchema } }, (request) => ({
          username: request.body.username,
        }));
        app.get('/api/test/conflict', () => {
          throw new ConflictError('Username já está em uso.');
        });
        app.get('/api/test/crash', () => {
          throw new Error('secret detail at /srv/db.ts');
        });
        app.get(
          '/api/test/limited',
          { preHandler: rateLimit({ name: 'test-limited', max: 1, windowMs: 60_000 }) },
          () => ({
            ok: true,
          }),
        );
      },
    });
  });
  afterAll(() => t.close());

  const validBody = { username: 'maria', email: 'maria@example.com', password: 'senha-forte-1' };

  it('accepts a valid body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      payload: validBody,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'maria' });
  });

  it('answers malformed JSON with 400 and a pt-BR message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Requisição inválida.', code: 'BAD_REQUEST' });
  });

  it("answers invalid input with 400 and the schema's own pt-BR message", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      payload: { ...validBody, username: 'ab' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Username precisa ter no mínimo 3 caracteres.',
      code: 'VALIDATION_ERROR',
    });
  });

  it('uses the pt-BR zod messages where the schema sets none', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      payload: { email: validBody.email, password: validBody.password },
    });
    expect(missing.json()).toEqual({ message: 'Campo obrigatório.', code: 'VALIDATION_ERROR' });

    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      payload: { ...validBody, role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({
      message: 'Campo não permitido: role.',
      code: 'VALIDATION_ERROR',
    });
  });

  it('answers a body that is too large with 413 in pt-BR', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      payload: { ...validBody, username: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Arquivo ou requisição grande demais.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers an unsupported content type with 400 BAD_REQUEST in pt-BR, status and code alike', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Requisição inválida.', code: 'BAD_REQUEST' });
  });

  it('maps a typed error to its status and code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Username já está em uso.', code: 'CONFLICT' });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'Rota não encontrada.', code: 'NOT_FOUND' });
    }
  });

  it('hides an unexpected error behind a generic pt-BR 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Erro interno do servidor. Tente novamente mais tarde.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('secret detail');
    expect(response.body).not.toContain('.ts');
  });

  it('answers a rate-limited route with 429 in pt-BR', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(first.statusCode).toBe(200);

    const second = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('60');
    expect(second.json()).toEqual({
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      code: 'TOO_MANY_REQUESTS',
    });
  });
});
