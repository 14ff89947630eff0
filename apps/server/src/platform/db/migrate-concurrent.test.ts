import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFor } from '../../db/migrations/index.js';
import type { ServerProcess } from '../../testing/server-process.js';
import { startServerProcess } from '../../testing/server-process.js';
import { createPostgresSchema } from '../../testing/test-app.js';
import type { AppDatabase } from './database.js';
import { createDatabase } from './database.js';
import { migrateToLatest, pendingMigrations } from './migrate.js';

/** A fresh, empty database: a SQLite file in a new folder, or a new PostgreSQL schema. */
async function freshDatabase() {
  const postgres = await createPostgresSchema();
  const dir = await mkdtemp(join(tmpdir(), 'chaveiro-migrate-'));
  const storage = { dataDir: dir, databaseUrl: postgres?.url };
  const config = postgres
    ? { database: { kind: 'postgres' as const, url: postgres.url } }
    : { database: { kind: 'sqlite' as const, file: join(dir, 'chaveiro.db') } };
  return {
    storage,
    connect: () => createDatabase(config),
    async drop() {
      await postgres?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Every table and index of the database, by name (Kysely's own bookkeeping included). */
async function schemaOf({ db, dialect }: AppDatabase): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`
          select type || ' ' || name as name from sqlite_master
          where name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`
          select 'table ' || table_name as name from information_schema.tables
          where table_schema = current_schema()
          union all
          select 'index ' || indexname from pg_indexes where schemaname = current_schema()
          order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe('migrations started by several nodes at once', { timeout: 60_000 }, () => {
  it('run each migration once while the other nodes wait, and every node ends migrated', async () => {
    const reference = await freshDatabase();
    const alone = reference.connect();
    await migrateToLatest(alone);
    const expectedSchema = await schemaOf(alone);
    await alone.destroy();
    await reference.drop();

    const shared = await freshDatabase();
    const nodes = [shared.connect(), shared.connect(), shared.connect()];
    try {
      // Each node connected first, so the three migrations start together.
      await Promise.all(nodes.map((node) => sql`select 1`.execute(node.db)));
      const outcomes = await Promise.allSettled(nodes.map((node) => migrateToLatest(node)));

      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const applied = await nodes[0]!.db
        .selectFrom('kysely_migration' as never)
        .select(sql<string>`name`.as('name'))
        .orderBy(sql`name`)
        .execute();
      const known = Object.keys(migrationsFor(nodes[0]!.dialect)).sort();
      expect(applied.map((row) => row.name)).toEqual(known);
      for (const node of nodes) {
        expect(await pendingMigrations(node)).toEqual([]);
        expect(await schemaOf(node)).toEqual(expectedSchema);
      }
    } finally {
      await Promise.all(nodes.map((node) => node.destroy()));
      await shared.drop();
    }
  });
});

describe('two server processes started at once on one fresh database', { timeout: 120_000 }, () => {
  let shared: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await shared?.drop();
  });

  it('both migrate (one waits for the other), seed one admin and become ready', async () => {
    shared = await freshDatabase();
    const { storage } = shared;
    const started = await Promise.allSettled([
      startServerProcess({ storage }),
      startServerProcess({ storage }),
    ]);
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);

    expect(
      started.map((outcome) =>
        outcome.status === 'rejected' ? String(outcome.reason) : 'started',
      ),
    ).toEqual(['started', 'started']);
    for (const server of servers) {
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(ready.status, server.output()).toBe(200);
    }
    const node = shared.connect();
    try {
      const admins = await node.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await node.destroy();
    }
  });
});
