import { TIMING } from '@chaveiro/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';
import { getToken, setToken } from './session';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

afterEach(() => {
  toastError.mockReset();
});

describe('retry policy (spec §9)', () => {
  it('retries a server or network failure up to 3 times', () => {
    const error = new ApiError(500, 'INTERNAL_ERROR', 'x', true);
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
  });

  it('never retries 401, 403 or a call refused for want of a token', () => {
    expect(shouldRetry(0, new ApiError(401, 'UNAUTHORIZED', 'x', true))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'FORBIDDEN', 'x', true))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'NOT_AUTHENTICATED', 'x'))).toBe(false);
  });

  it('backs off exponentially from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(TIMING.queryCacheMs);
  });
});

describe('query client errors', () => {
  const token = fakeToken({ role: 'admin', exp: 4_102_444_800 });

  it('drops the session when the server rejects the token', async () => {
    setToken(token);
    const onSessionRejected = vi.fn();
    const client = createQueryClient({ onSessionRejected });
    await expect(
      client.fetchQuery({
        queryKey: ['me'],
        queryFn: () => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'Sessão inválida.', true)),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(onSessionRejected).toHaveBeenCalledTimes(1);
  });

  it('keeps the session for a 401 on a call that carried no token (a wrong password)', async () => {
    setToken(token);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'Senha incorreta.')),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe(token);
    expect(toastError).toHaveBeenCalledWith('Senha incorreta.');
  });

  it("turns a failed mutation into one error toast with the server's message", async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(409, 'CONFLICT', 'UID já cadastrado.', true)),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('UID já cadastrado.');
  });

  it('leaves the toast to the screen when the mutation asks', async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(422, 'UNPROCESSABLE', 'Chave inválida.', true)),
      meta: { errorToast: false },
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("shows 'Erro desconhecido.' for anything that is not an API error", async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new TypeError('x is undefined')),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(TypeError);
    expect(toastError).toHaveBeenCalledWith('Erro desconhecido.');
  });
});
