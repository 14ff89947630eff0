import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok after querying the database, naming its kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: inject('testDatabaseUrl') ? 'postgres' : 'sqlite',
    });
  });

  it('answers 500 with the generic pt-BR message when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.destroy();

    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Erro interno do servidor. Tente novamente mais tarde.',
      code: 'INTERNAL_ERROR',
    });
    await broken.close();
  });
});
