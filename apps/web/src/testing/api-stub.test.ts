import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes } from './api-stub';

afterEach(() => vi.unstubAllGlobals());

const read = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as unknown,
});

describe('stubRoutes', () => {
  it('answers a value as 200 JSON, read on each request, whatever the query', async () => {
    const state = { count: 1 };
    stubRoutes({ 'GET /api/count': state });
    expect(await read(await fetch('/api/count?page=2'))).toEqual({ status: 200, body: state });
    state.count = 2;
    expect(await read(await fetch('/api/count'))).toEqual({ status: 200, body: { count: 2 } });
  });

  it('gives a handler the body, the decoded :params and the query, and keeps its Response', async () => {
    stubRoutes({
      'POST /api/items/:name/notes': ({ params, query, body }) =>
        jsonResponse(201, { name: params.name, page: query.get('page'), body }),
    });
    const response = await fetch('/api/items/a%20b/notes?page=3', {
      method: 'POST',
      body: JSON.stringify({ text: 'oi' }),
    });
    expect(await read(response)).toEqual({
      status: 201,
      body: { name: 'a b', page: '3', body: { text: 'oi' } },
    });
  });

  it('prefers the route with more literal segments, whatever the order written', async () => {
    stubRoutes({
      'GET /api/keys/:id': ({ params }) => ({ id: params.id }),
      'GET /api/keys/export': 'csv',
    });
    expect(await read(await fetch('/api/keys/export'))).toEqual({ status: 200, body: 'csv' });
    expect(await read(await fetch('/api/keys/k1'))).toEqual({ status: 200, body: { id: 'k1' } });
  });

  it('answers anything else 404 in the server error shape and records it', async () => {
    const { sent, unmatched } = stubRoutes({ 'GET /api/keys': [] });
    await fetch('/api/keys');
    const response = await fetch('/api/keys', { method: 'DELETE' });
    expect(await read(response)).toEqual({
      status: 404,
      body: { message: 'not stubbed', code: 'NOT_FOUND' },
    });
    expect(await read(await fetch('/api/keys/k1'))).toMatchObject({ status: 404 });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/keys',
      'DELETE /api/keys',
      'GET /api/keys/k1',
    ]);
    expect(unmatched).toEqual([
      { method: 'DELETE', url: '/api/keys', body: undefined },
      { method: 'GET', url: '/api/keys/k1', body: undefined },
    ]);
  });
});
