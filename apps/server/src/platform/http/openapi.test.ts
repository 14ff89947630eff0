import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes the document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });

    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health']).toMatchObject({
      get: {
        responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    });
    expect(document.paths).not.toHaveProperty('/api/openapi.json');
  });

  it('documents the readiness probe with its 200 and its 503 refusal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ paths: Record<string, unknown> }>();

    expect(document.paths['/api/health/ready']).toMatchObject({
      get: { tags: ['health'], responses: { 200: {}, 503: {} } },
    });
    expect(document.paths['/api/health/live']).toMatchObject({
      get: { tags: ['health'], responses: { 200: {} } },
    });
  });

  it('documents the seller API as taking an API token, beside the session bearer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();
    expect(document.components.securitySchemes.apiTokenAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      description: expect.stringContaining('chv_live_') as string,
    });
    expect(document.paths['/api/v1/products']?.get).toMatchObject({
      security: [{ apiTokenAuth: [] }],
      tags: ['seller API'],
    });
    expect(document.paths['/api/api-tokens/']?.post).toMatchObject({
      security: [{ bearerAuth: [] }],
    });
  });

  it('serves the browsable docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
