import { messages } from '@chaveiro/contract';
import { sql } from 'kysely';
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

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const probe = (which: 'live' | 'ready', app = t.app) =>
    app.inject({ method: 'GET', url: `/api/health/${which}` });

  it('answers ok without a session, never to be cached', async () => {
    for (const which of ['live', 'ready'] as const) {
      const response = await probe(which);

      expect(response.statusCode, which).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('stay open during maintenance mode, while other anonymous calls get 503', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const setMaintenance = (value: 'on' | 'off') =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: admin.headers,
        payload: { key: 'maintenance_mode', value },
      });
    expect((await setMaintenance('on')).statusCode).toBe(200);
    try {
      const gated = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
      expect(gated.statusCode).toBe(503);

      expect((await probe('live')).statusCode).toBe(200);
      expect((await probe('ready')).statusCode).toBe(200);
    } finally {
      await setMaintenance('off');
    }
  });
});

describe('probe logging', () => {
  it('writes no access-log line for the probes, unlike other requests', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    try {
      await t.app.inject({ method: 'GET', url: '/api/health/live' });
      await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      await t.app.inject({ method: 'GET', url: '/api/health' });

      const logged = lines.join('');
      expect(logged).toContain('/api/health"');
      expect(logged).not.toContain('/api/health/live');
      expect(logged).not.toContain('/api/health/ready');
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/health/ready refusals', () => {
  it('answers 503 DRAINING once the process began draining, while live still answers', async () => {
    const t = await createTestApp();
    try {
      t.app.draining.begin();

      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: messages.health.draining, code: 'DRAINING' });
      expect(ready.headers['cache-control']).toBe('no-store');
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 DATABASE_UNAVAILABLE when the database is gone, while live needs none', async () => {
    const t = await createTestApp();
    await t.database.destroy();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: messages.health.databaseUnavailable,
        code: 'DATABASE_UNAVAILABLE',
      });
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 MIGRATIONS_PENDING until every migration is applied, then stops asking', async () => {
    const t = await createTestApp();
    const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });
    const migrations = sql.table('kysely_migration');
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from ${migrations} order by name desc limit 1`.execute(t.database.db);
    const latest = rows[0]!;
    const forget = () =>
      sql`delete from ${migrations} where name = ${latest.name}`.execute(t.database.db);
    try {
      await forget();
      const pending = await ready();
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({
        message: messages.health.migrationsPending,
        code: 'MIGRATIONS_PENDING',
      });

      await sql`insert into ${migrations} (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(
        t.database.db,
      );
      expect((await ready()).statusCode).toBe(200);

      // Passed once, the check is not repeated: a probe polled every few seconds stays cheap.
      await forget();
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
