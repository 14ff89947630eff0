import { messages } from '@chaveiro/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from './api-client';
import { setToken } from './session';

type FetchArgs = [input: string, init: RequestInit];

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the stored token as a bearer header to /api', async () => {
    setToken('token-123');
    fetchMock.mockResolvedValue(json(200, { items: [] }));

    await expect(api.get('/users')).resolves.toEqual({ items: [] });

    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/users');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('fails before sending when no token is stored', async () => {
    await expect(api.get('/users')).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Usuário não autenticado. Faça login novamente.',
      code: 'NOT_AUTHENTICATED',
    });
    await expect(api.post('/client/redeem-key', { keyValue: 'X' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    '/auth/register',
    '/auth/login',
    '/auth/verify-email?token=abc',
    '/auth/forgot-password',
    '/auth/reset-password',
  ])('calls %s without a token', async (path) => {
    fetchMock.mockResolvedValue(json(200, { message: 'ok' }));
    await expect(api.post(path, {})).resolves.toEqual({ message: 'ok' });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('leaves the token off the public calls even when one is stored', async () => {
    setToken('token-123');
    fetchMock.mockResolvedValue(json(200, { token: 't', role: 'admin', message: 'ok' }));
    await api.post('/auth/login', { identifier: 'ana', password: 'secret123' });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('lets the caller mark another path public', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 'ok', database: 'sqlite' }));
    await expect(api.get('/health', { public: true })).resolves.toMatchObject({ status: 'ok' });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('sends plain bodies as JSON', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(json(200, { message: 'Salvo.' }));
    await api.patch('/settings', { key: 'maintenance_mode', value: 'on' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('PATCH');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"key":"maintenance_mode","value":"on"}');
  });

  it('passes FormData untouched so the browser writes the multipart boundary', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(json(200, { message: 'Enviado.' }));
    const form = new FormData();
    form.append('dllFile', new Blob(['MZ']), 'tool.dll');

    await api.post('/products/p1/upload-dll', form);

    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('adds query parameters and skips empty ones', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(json(200, { items: [] }));
    await api.get('/users', { query: { q: 'ana', page: 2, pageSize: undefined, status: '' } });
    expect(lastCall().url).toBe('/api/users?q=ana&page=2');
  });

  it("surfaces the server's message and code", async () => {
    setToken('t');
    fetchMock.mockResolvedValue(
      json(409, { message: 'Este e-mail já está em uso.', code: 'CONFLICT' }),
    );
    const error = await api.post('/users', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Este e-mail já está em uso.',
      authenticated: true,
    });
  });

  it('reports a body that is not JSON as a network or response error', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(api.get('/users')).rejects.toMatchObject({
      status: 502,
      message: 'Erro de rede ou resposta inválida.',
    });
  });

  it('reports a failed connection the same way', async () => {
    setToken('t');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/users')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: messages.errors.networkOrInvalidResponse,
    });
  });

  it('falls back to "Erro ao buscar dados de {path}" for a read without a message', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(json(500, {}));
    await expect(api.get('/dashboard/metrics?x=1')).rejects.toMatchObject({
      status: 500,
      message: 'Erro ao buscar dados de /dashboard/metrics',
    });
  });

  it('falls back to "Erro na operação" for a write without a message', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(json(500, { code: 'INTERNAL_ERROR' }));
    await expect(api.delete('/users/u1')).rejects.toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Erro na operação',
    });
  });

  it('marks a 401 on a public call as unauthenticated (a failed login is not a lost session)', async () => {
    fetchMock.mockResolvedValue(
      json(401, { message: 'Credenciais inválidas.', code: 'UNAUTHORIZED' }),
    );
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 401,
      authenticated: false,
    });
  });

  it('returns undefined for an empty success', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/users/u1')).resolves.toBeUndefined();
  });

  it('validates the answer with a contract schema when given one', async () => {
    setToken('t');
    const schema = z.object({ message: z.string() });
    fetchMock.mockResolvedValue(json(200, { message: 'ok', extra: 1 }));
    await expect(api.get('/thing', { schema })).resolves.toEqual({ message: 'ok' });

    fetchMock.mockResolvedValue(json(200, { unexpected: true }));
    await expect(api.get('/thing', { schema })).rejects.toMatchObject({
      message: messages.errors.networkOrInvalidResponse,
    });
  });
});
