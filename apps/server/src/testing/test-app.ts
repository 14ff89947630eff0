import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role, UserStatus } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import pg from 'pg';
import { inject } from 'vitest';
import type { App } from '../app.js';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { AnyEventHandler } from '../events/index.js';
import type { ModuleTrace } from '../module.js';
import { loadConfig } from '../config.js';
import { createSessionsRepository } from '../modules/auth/index.js';
import { createTokenService } from '../platform/http/auth.js';
import type { Clock } from '../platform/core/clock.js';
import type { AppDatabase } from '../platform/db/database.js';
import { createDatabase } from '../platform/db/database.js';
import { newId } from '../platform/core/ids.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { hashPassword } from '../platform/crypto/passwords.js';
import type { Fixtures } from './fixtures.js';
import { createFixtures } from './fixtures.js';
import { uniqueKeyPrefix } from './redis-server.js';
import type { Caller, ClientOptions, TestClient } from './test-client.js';
import { createTestClient } from './test-client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL server for the tests; empty means SQLite files. */
    testDatabaseUrl: string;
  }
}

/** A clock the test moves by hand. */
export interface ManualClock extends Clock {
  set(epochMs: number): void;
  advance(ms: number): void;
}

/** 2026-01-15T12:00:00Z: a fixed start so dates in assertions are predictable. */
export const TEST_EPOCH = Date.UTC(2026, 0, 15, 12);

export function createManualClock(start = TEST_EPOCH): ManualClock {
  let current = start;
  return {
    now: () => current,
    set: (epochMs) => {
      current = epochMs;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestUserInput {
  username: string;
  email: string;
  password: string;
  role: Role;
  status: UserStatus;
  tokenVersion: number;
  emailVerified: boolean;
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  /** A valid session token for this user as created. */
  token: string;
  /** `{ authorization: 'Bearer <token>' }` for app.inject. */
  headers: { authorization: string };
}

export interface TestApp {
  app: App;
  config: AppConfig;
  database: AppDatabase;
  clock: ManualClock;
  /** Rows inserted straight into this app's database, at its clock's time. */
  fixtures: Fixtures;
  /** A client sending requests as `caller` (testing/test-client.ts): `t.as(user).post(url, body)`. */
  as(caller: Caller, options?: ClientOptions): TestClient;
  /** A client sending requests with no session. */
  anonymous: TestClient;
  /** Inserts a user straight into the database (verified, active client unless overridden). */
  createUser(input?: Partial<TestUserInput>): Promise<TestUser>;
  /**
   * A reseller created by an admin through `POST /api/resellers` with `reais` of initial balance
   * (so the balance has its ledger line), signed in.
   */
  createResellerViaAdmin(adminHeaders: object, reais: number): Promise<TestUser>;
  /**
   * Opens a real server-side session for the user (a `user_sessions` row, as a login does; none
   * when the user does not exist) and signs its token; `tokenVersion` defaults to 0 (the stored
   * default).
   */
  tokenFor(user: {
    id: string;
    username: string;
    role: Role;
    tokenVersion?: number;
  }): Promise<string>;
  /** The text of the newest activity-log line (what the dashboard's recent list shows first). */
  lastActivity(): Promise<string | undefined>;
  /** Closes the app and the database and deletes the test's data. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A data folder the test prepared (deleted on close); a new temporary one otherwise. */
  dataDir?: string;
  /** Extra environment for loadConfig (DATA_DIR and DATABASE_URL are set by the helper). */
  env?: Record<string, string>;
  clock?: ManualClock;
  /** Receives the app's log lines (JSON), silent otherwise. */
  logStream?: { write(line: string): void };
  /** Runs after buildApp and before ready(): the place to add test-only routes. */
  configure?(app: App): void | Promise<void>;
  /** Handlers beside the app's own, e.g. a probe on an event no module handles yet. */
  eventHandlers?: readonly AnyEventHandler[];
  /** Route plugins added under /api/v1 beside the app's own (test-only seller API routes). */
  sellerApiRoutes?: readonly FastifyPluginCallbackZod[];
  /** Told which modules each request enters (testing/module-trace.ts). */
  trace?: ModuleTrace;
  /** Hears every statement the app's database runs, `begin` and `commit` included. */
  onQuery?: (sql: string) => void;
}

/**
 * Builds the real app on a fresh, migrated database: a SQLite file in a new temporary folder, or
 * with TEST_DATABASE_URL a new PostgreSQL schema; with TEST_REDIS_URL its shared state is in
 * that Redis under a key prefix of its own. Call once per test file (beforeAll) and close it in
 * afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'chaveiro-test-')));
  const postgres = await createPostgresSchema();
  const redisUrl = inject('testRedisUrl');
  const config = loadConfig({
    DATA_DIR: dataDir,
    // No built web unless a test provides one.
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: uniqueKeyPrefix() } : {}),
    ...options.env,
  });
  const clock = options.clock ?? createManualClock();
  const database = createDatabase(config, { onQuery: options.onQuery });
  await migrateToLatest(database);

  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logStream ? { stream: options.logStream } : false,
    ...(options.eventHandlers ? { eventHandlers: options.eventHandlers } : {}),
    ...(options.sellerApiRoutes ? { sellerApiRoutes: options.sellerApiRoutes } : {}),
    ...(options.trace ? { trace: options.trace } : {}),
  });
  await options.configure?.(app);
  await app.ready();
  // The start-up minute sample reads off the event loop now: it settles before the test writes
  // (a machine seen meanwhile would get a usage minute the test never asked for). Later runs in
  // the same minute of the manual clock do nothing.
  await app.jobs.analyticsSampler.runOnce();

  const tokens = createTokenService(config.jwtSecret, clock);
  // The app's own, so the accounts a test makes clear the user list's totals.
  const users = app.services.users;
  const sessions = createSessionsRepository(database.db);
  const tokenFor: TestApp['tokenFor'] = async (user) => {
    const sessionId = newId();
    if (await users.findById(user.id)) {
      const now = clock.now();
      await sessions.insert({
        id: sessionId,
        user_id: user.id,
        device: 'Teste no sistema de testes',
        user_agent: 'test-app',
        ip: '127.0.0.1',
        created_at: now,
        last_seen_at: now,
      });
    }
    return tokens.sign({ tokenVersion: 0, sessionId, ...user });
  };

  return {
    app,
    config,
    database,
    clock,
    fixtures: createFixtures(database.db, () => clock.now()),
    as: (caller, clientOptions) => createTestClient(app, caller, clientOptions),
    anonymous: createTestClient(app, null),
    tokenFor,
    async lastActivity() {
      const row = await database.db
        .selectFrom('activity')
        .select('action')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.action;
    },
    async createUser(input = {}) {
      const suffix = randomBytes(4).toString('hex');
      const user: TestUserInput = {
        username: `user_${suffix}`,
        email: `user_${suffix}@example.com`,
        password: 'senha-de-teste-123',
        role: 'client',
        status: 'active',
        tokenVersion: 0,
        emailVerified: true,
        ...input,
      };
      const id = newId();
      await users.insert({
        id,
        username: user.username,
        email: user.email,
        password_hash: await hashPassword(user.password),
        role: user.role,
        status: user.status,
        token_version: user.tokenVersion,
        email_verified_at: user.emailVerified ? clock.now() : null,
        created_at: clock.now(),
      });
      const token = await tokenFor({ id, ...user });
      return {
        id,
        username: user.username,
        email: user.email,
        password: user.password,
        role: user.role,
        token,
        headers: { authorization: `Bearer ${token}` },
      };
    },
    async createResellerViaAdmin(adminHeaders, reais) {
      const username = `rev_${randomBytes(3).toString('hex')}`;
      const email = `${username}@example.com`;
      const password = 'senha-forte-1';
      const created = await app.inject({
        method: 'POST',
        url: '/api/resellers',
        headers: { ...adminHeaders },
        payload: { type: 'new', username, email, password, initialBalance: reais },
      });
      if (created.statusCode !== 201) {
        throw new Error(`reseller not created: ${created.statusCode} ${created.body}`);
      }
      const id = created.json<{ id: string }>().id;
      const token = await tokenFor({ id, username, role: 'reseller' });
      return {
        id,
        username,
        email,
        password,
        role: 'reseller',
        token,
        headers: { authorization: `Bearer ${token}` },
      };
    },
    async close() {
      await app.close();
      await database.destroy();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With TEST_DATABASE_URL, a new schema on the test server, made the connection's search_path
 * through the URL; undefined on SQLite.
 */
export async function createPostgresSchema(): Promise<
  { url: string; drop(): Promise<void> } | undefined
> {
  const serverUrl = inject('testDatabaseUrl');
  if (!serverUrl) return undefined;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create schema ${schema}`);
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `drop schema ${schema} cascade`),
  };
}

async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Another node of the same installation: a second app built on the test app's configuration,
 * database and clock (as a second server process on one PostgreSQL and one Redis would be).
 * The caller closes it before the test app.
 */
export async function createSecondNode(
  t: TestApp,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<App> {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock,
    logger: options.logStream ? { stream: options.logStream } : false,
  });
  await app.ready();
  return app;
}
