import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { AppDatabase } from '../platform/db/database.js';
import { createDatabase, withTransaction } from '../platform/db/database.js';
import { newId } from '../platform/core/ids.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import type { ManualClock } from '../testing/test-app.js';
import { createManualClock, createPostgresSchema } from '../testing/test-app.js';
import type { EventPayload, EventType } from './catalogue.js';
import { createEventsRepository } from './events-repository.js';
import type { AnyEventHandler, Outbox, OutboxOptions } from './outbox.js';
import { createOutbox, defineHandler } from './outbox.js';

const serverRoot = resolve(import.meta.dirname, '../..');

/**
 * The outbox on a real database: a SQLite file, or with TEST_DATABASE_URL a PostgreSQL schema.
 * Another process is a child process (testing/outbox-process.ts) or, where they never overlap,
 * a second connection (a second pool on PostgreSQL) to the same data.
 */
describe('outbox', () => {
  let config: { database: DatabaseConfig };
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresSchema>>;
  const opened: AppDatabase[] = [];
  const outboxes: Outbox[] = [];
  let database: AppDatabase;
  let db: Kysely<Database>;
  let clock: ManualClock;
  let userId: string;

  function openDatabase(): AppDatabase {
    const next = createDatabase(config);
    opened.push(next);
    return next;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-outbox-'));
    postgres = await createPostgresSchema();
    config = {
      database: postgres
        ? { kind: 'postgres', url: postgres.url }
        : { kind: 'sqlite', file: join(dataDir, 'chaveiro.db') },
    };
    database = openDatabase();
    db = database.db;
    await migrateToLatest(database);
  });

  afterAll(async () => {
    for (const each of opened) await each.destroy();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    clock = createManualClock();
    await db.deleteFrom('events').execute();
    await db.deleteFrom('users').execute();
    userId = newId();
    await db
      .insertInto('users')
      .values({
        id: userId,
        username: 'ouvinte',
        username_lower: 'ouvinte',
        email: 'ouvinte@example.com',
        email_lower: 'ouvinte@example.com',
        password_hash: 'not-a-real-hash',
        role: 'client',
        status: 'active',
        created_at: clock.now(),
      })
      .execute();
  });

  afterEach(async () => {
    for (const outbox of outboxes.splice(0)) await outbox.stop();
  });

  const log = () => ({ warn: vi.fn(), error: vi.fn() });

  function outboxOn(
    target: AppDatabase,
    handlers: AnyEventHandler[],
    options: Partial<OutboxOptions> = {},
  ): Outbox {
    const outbox = createOutbox({
      db: target.db,
      dialect: target.dialect,
      clock,
      log: log(),
      handlers,
      pollIntervalMs: 10,
      ...options,
    });
    outboxes.push(outbox);
    return outbox;
  }

  /**
   * A database effect: one XP per run, so a repeat would show. `inAnswer`: declared part of the
   * answer of the request that records its event.
   */
  function xpHandler(name: string, runs: string[] = [], { inAnswer = false } = {}) {
    return defineHandler({
      name,
      on: 'user.banned',
      inAnswer,
      async handle(event, trx) {
        runs.push(event.id);
        await trx
          .updateTable('users')
          .set((eb) => ({ xp: eb('xp', '+', 1) }))
          .where('id', '=', event.payload.userId)
          .execute();
      },
    });
  }

  /** An outside effect: counts its runs per event. */
  function deliverHandler(name: string, runs: string[]) {
    return defineHandler({
      name,
      on: 'user.banned',
      async deliver(event) {
        await Promise.resolve();
        runs.push(event.id);
      },
    });
  }

  const banned = (): EventPayload<'user.banned'> => ({ userId, by: 'admin-id' });

  async function xp(target = db): Promise<number> {
    const row = await target
      .selectFrom('users')
      .select('xp')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.xp);
  }

  async function deliveries() {
    return db
      .selectFrom('event_deliveries')
      .select(['event_id', 'handler', 'status', 'attempts', 'next_attempt_at', 'last_error'])
      .orderBy('event_id')
      .orderBy('handler')
      .execute();
  }

  /** The state a process leaves when it dies between committing a change and handling it. */
  async function commitWithoutDispatch<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    handlers: string[],
    firstAttemptAt = clock.now(),
  ): Promise<string> {
    const id = newId();
    const repository = createEventsRepository(db, database.dialect);
    await withTransaction(db, (trx) =>
      repository.insert(
        trx,
        { id, type, payload: JSON.stringify(payload), occurredAt: clock.now() },
        handlers,
        firstAttemptAt,
      ),
    );
    return id;
  }

  /** A separate server process running the outbox (testing/outbox-process.ts). */
  async function runProcess(mode: 'drain' | 'record-and-die', now = clock.now()) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/events/testing/outbox-process.ts',
        JSON.stringify(config.database),
        String(now),
        mode,
        userId,
      ],
      { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    if (code !== 0 && signal !== 'SIGKILL') {
      throw new Error(`outbox process failed (${String(code)}):\n${stderr}`);
    }
    return { stdout, signal };
  }

  it('stores and handles nothing recorded in a rolled-back transaction', async () => {
    const runs: string[] = [];
    const outbox = outboxOn(database, [xpHandler('xp', runs)]);

    await expect(
      outbox.transaction(async (trx) => {
        await outbox.record(trx, 'user.banned', banned());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    clock.advance(60_000);
    expect(await outbox.drain()).toBe(0);
    expect(await db.selectFrom('events').select('id').execute()).toEqual([]);
    expect(runs).toEqual([]);
  });

  it('runs each handler once after commit, after the transaction returned', async () => {
    const xpRuns: string[] = [];
    const mailRuns: string[] = [];
    const outbox = outboxOn(database, [xpHandler('xp', xpRuns), deliverHandler('mail', mailRuns)]);

    const answer = await outbox.transaction(async (trx) => {
      await outbox.record(trx, 'user.banned', banned());
      return 'answered';
    });

    expect(answer).toBe('answered');
    // Nothing ran yet: the caller answers first.
    expect(xpRuns).toEqual([]);
    expect(mailRuns).toEqual([]);
    await outbox.idle();
    expect(await xp()).toBe(1);
    expect(mailRuns).toHaveLength(1);
    expect(xpRuns).toEqual(mailRuns);
    expect((await deliveries()).map((d) => [d.handler, d.status, d.attempts])).toEqual([
      ['mail', 'done', 1],
      ['xp', 'done', 1],
    ]);

    // Dispatch invoked again, twice at once, well after the grace period: nothing is left.
    clock.advance(60 * 60_000);
    expect(await Promise.all([outbox.drain(), outbox.drain()])).toEqual([0, 0]);
    expect(await xp()).toBe(1);
    expect(mailRuns).toHaveLength(1);
  });

  it('runs a handler declared part of the answer before the transaction returns, once', async () => {
    const inAnswerRuns: string[] = [];
    const laterRuns: string[] = [];
    const outbox = outboxOn(database, [
      xpHandler('xp', inAnswerRuns, { inAnswer: true }),
      deliverHandler('mail', laterRuns),
    ]);
    let committed = 0;
    const counting = createDatabase(config, {
      onQuery: (sql) => {
        if (/^\s*commit\b/i.test(sql)) committed += 1;
      },
    });
    opened.push(counting);
    const countingOutbox = outboxOn(counting, [
      xpHandler('xp', [], { inAnswer: true }),
      deliverHandler('mail', []),
    ]);

    await outbox.transaction((trx) => outbox.record(trx, 'user.banned', banned()));

    expect(inAnswerRuns).toHaveLength(1);
    expect(await xp()).toBe(1);
    expect(laterRuns).toEqual([]);
    await outbox.idle();
    expect(laterRuns).toEqual(inAnswerRuns);
    expect((await deliveries()).map((d) => [d.handler, d.status, d.attempts])).toEqual([
      ['mail', 'done', 1],
      ['xp', 'done', 1],
    ]);
    clock.advance(60 * 60_000);
    expect(await outbox.drain()).toBe(0);
    expect(await xp()).toBe(1);

    // Its delivery goes in already leased to the recorder: the change's commit, then the
    // handler's, and no claim between them.
    await countingOutbox.transaction((trx) => countingOutbox.record(trx, 'user.banned', banned()));
    expect(committed).toBe(2);
    expect(await xp()).toBe(2);
    await countingOutbox.idle();
  });

  it('records outside a transaction in one of its own, and refuses a transaction it did not open', async () => {
    const outbox = outboxOn(database, [xpHandler('xp')]);

    await outbox.record(db, 'user.banned', banned());
    await outbox.idle();
    expect(await xp()).toBe(1);

    await expect(
      withTransaction(db, (trx) => outbox.record(trx, 'user.banned', banned())),
    ).rejects.toThrow('use outbox.transaction');
    expect(await db.selectFrom('events').select('id').execute()).toHaveLength(1);
  });

  it('stores no event nobody handles', async () => {
    const outbox = outboxOn(database, [xpHandler('xp')]);

    await outbox.transaction((trx) =>
      outbox.record(trx, 'hwid.reset', { subscriptionId: 's', userId, machinesReleased: 1 }),
    );

    expect(await db.selectFrom('events').select('id').execute()).toEqual([]);
  });

  it('gives a handler only the events its `when` accepts, and stores one nobody accepts', async () => {
    const runs: string[] = [];
    const outbox = outboxOn(database, [
      {
        ...xpHandler('xp-others', runs),
        when: (payload: EventPayload<'user.banned'>) => payload.by !== 'admin-id',
      },
      { ...xpHandler('xp-all') },
    ]);
    const onlyOthers = outboxOn(database, [
      {
        ...xpHandler('only-others'),
        when: (payload: EventPayload<'user.banned'>) => payload.by !== 'admin-id',
      },
    ]);

    await outbox.record(db, 'user.banned', banned());
    expect((await deliveries()).map((d) => d.handler)).toEqual(['xp-all']);
    expect(runs).toEqual([]);

    await db.deleteFrom('events').execute();
    // Refused by its only handler: no transaction, no row (a loader refusal of another code).
    await onlyOthers.record(db, 'user.banned', banned());
    expect(await db.selectFrom('events').select('id').execute()).toEqual([]);
    await onlyOthers.record(db, 'user.banned', { userId, by: 'another-admin' });
    await onlyOthers.idle();
    expect((await deliveries()).map((d) => [d.handler, d.status])).toEqual([
      ['only-others', 'done'],
    ]);
  });

  it('handles once, after a restart, an event whose process died between commit and handling', async () => {
    const eventId = await commitWithoutDispatch('user.banned', banned(), ['xp']);
    // The restarted process: its own connection, handlers and poller.
    const runs: string[] = [];
    const restarted = outboxOn(openDatabase(), [xpHandler('xp', runs)]);

    restarted.start();
    await vi.waitFor(() => expect(runs).toEqual([eventId]));
    await restarted.stop();

    expect(await xp()).toBe(1);
    expect((await deliveries()).map((d) => d.status)).toEqual(['done']);
    expect(await restarted.drain()).toBe(0);
  });

  it('leaves a new delivery to the process that recorded it for the grace period', async () => {
    const recorder = outboxOn(database, [xpHandler('xp')], { promptGraceMs: 30_000 });
    // What `record` writes, before the recorder's own dispatch has claimed it.
    await commitWithoutDispatch('user.banned', banned(), ['xp'], clock.now() + 30_000);
    const other = outboxOn(openDatabase(), [xpHandler('xp')]);

    expect(await other.drain()).toBe(0);
    clock.advance(30_000);
    expect(await other.drain()).toBe(1);
    expect(await recorder.drain()).toBe(0);
    expect(await xp()).toBe(1);
  });

  it('retries a failing handler with backoff, then parks it as dead, while the rest flow', async () => {
    const steadyRuns: string[] = [];
    let failing = true;
    const flaky = defineHandler({
      name: 'flaky',
      on: 'user.banned',
      handle() {
        return failing ? Promise.reject(new Error('smtp down')) : Promise.resolve();
      },
    });
    const logger = log();
    const outbox = outboxOn(database, [flaky, xpHandler('steady', steadyRuns)], {
      log: logger,
      retry: { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 },
    });

    await outbox.transaction((trx) => outbox.record(trx, 'user.banned', banned()));
    await outbox.idle();

    expect(steadyRuns).toHaveLength(1);
    const start = clock.now();
    expect((await deliveries()).map((d) => [d.handler, d.status, d.attempts])).toEqual([
      ['flaky', 'pending', 1],
      ['steady', 'done', 1],
    ]);
    const [first] = await deliveries();
    expect(first).toMatchObject({ next_attempt_at: start + 1_000, last_error: 'smtp down' });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ handler: 'flaky', attempts: 1 }),
      expect.any(String),
    );

    // Not due yet; a later event still flows meanwhile.
    expect(await outbox.drain()).toBe(0);
    await outbox.transaction((trx) => outbox.record(trx, 'user.banned', banned()));
    await outbox.idle();
    expect(steadyRuns).toHaveLength(2);

    clock.advance(1_000);
    expect(await outbox.drain()).toBe(2); // both events' second attempts
    const afterSecond = (await deliveries())[0];
    expect(afterSecond).toMatchObject({ attempts: 2, next_attempt_at: start + 1_000 + 2_000 });

    clock.advance(2_000);
    expect(await outbox.drain()).toBe(2); // their last attempts
    expect((await deliveries()).map((d) => [d.handler, d.status, d.attempts])).toEqual([
      ['flaky', 'dead', 3],
      ['steady', 'done', 1],
      ['flaky', 'dead', 3],
      ['steady', 'done', 1],
    ]);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ handler: 'flaky', attempts: 3 }),
      expect.stringContaining('dead'),
    );
    expect(await xp()).toBe(2);

    // Parked until requeued; then it runs again.
    const dead = await outbox.listDead();
    expect(dead.map((d) => [d.handler, d.type, d.attempts, d.lastError])).toEqual([
      ['flaky', 'user.banned', 3, 'smtp down'],
      ['flaky', 'user.banned', 3, 'smtp down'],
    ]);
    clock.advance(60 * 60_000);
    expect(await outbox.drain()).toBe(0);
    failing = false;
    const [latest] = dead;
    if (!latest) throw new Error('no dead delivery');
    expect(await outbox.requeue(latest)).toBe(true);
    expect(await outbox.requeue(latest)).toBe(false); // pending now, not dead
    expect(await outbox.drain()).toBe(1);
    expect(await outbox.listDead()).toHaveLength(1);
  });

  it('never runs one delivery twice with three processes polling at once', async () => {
    const events: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      events.push(await commitWithoutDispatch('user.banned', banned(), ['xp', 'mail']));
    }

    const processes = await Promise.all([1, 2, 3].map(() => runProcess('drain')));

    const lines = processes.flatMap((run) => run.stdout.trim().split('\n'));
    const ran = lines
      .filter((line) => line.startsWith('ran '))
      .map((line) => Number(line.slice(4)));
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(120);
    expect(await xp()).toBe(60);
    const mailed = lines.filter((line) => line.startsWith('mail ')).map((line) => line.slice(5));
    expect(mailed.sort()).toEqual([...events].sort());
    expect(new Set((await deliveries()).map((d) => `${d.status}:${d.attempts}`))).toEqual(
      new Set(['done:1']),
    );
  });

  it('handles once, after a restart, an event whose process was killed while handling it', async () => {
    const killed = await runProcess('record-and-die');
    expect(killed.signal).toBe('SIGKILL');
    // The change and its event committed; the handler's transaction died with the process.
    expect(await xp()).toBe(0);
    const xpDelivery = async () =>
      (await deliveries()).find((delivery) => delivery.handler === 'xp');
    expect(await xpDelivery()).toMatchObject({ status: 'pending', attempts: 1 });

    const tooSoon = await runProcess('drain', clock.now() + 60_000);
    expect(tooSoon.stdout).toContain('ran 0'); // still leased to the dead process
    const restarted = await runProcess('drain', clock.now() + 120_000);
    expect(restarted.stdout).toContain('ran ');

    expect(await xp()).toBe(1);
    expect(await xpDelivery()).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('takes over a claim whose lease ran out, and the late claim cannot finish it', async () => {
    await commitWithoutDispatch('user.banned', banned(), ['xp']);
    const repository = createEventsRepository(db, database.dialect);
    // A process claims, then dies before handling.
    const [abandoned] = await withTransaction(db, (trx) =>
      repository.claim(trx, {
        now: clock.now(),
        leaseMs: 120_000,
        token: 'dead-process',
        limit: 10,
        handlers: ['xp'],
      }),
    );
    if (!abandoned) throw new Error('nothing claimed');
    const runs: string[] = [];
    const survivor = outboxOn(openDatabase(), [xpHandler('xp', runs)], { leaseMs: 120_000 });

    clock.advance(119_999);
    expect(await survivor.drain()).toBe(0);
    clock.advance(1);
    expect(await survivor.drain()).toBe(1);

    expect(runs).toHaveLength(1);
    expect(await xp()).toBe(1);
    expect(await deliveries()).toMatchObject([{ status: 'done', attempts: 2 }]);
    expect(await repository.markDone(db, abandoned, clock.now())).toBe(false);
  });

  it('parks a delivery whose every attempt was abandoned', async () => {
    await commitWithoutDispatch('user.banned', banned(), ['xp']);
    const repository = createEventsRepository(db, database.dialect);
    const claimOnce = () =>
      withTransaction(db, (trx) =>
        repository.claim(trx, {
          now: clock.now(),
          leaseMs: 1_000,
          token: newId(),
          limit: 10,
          handlers: ['xp'],
        }),
      );
    for (let i = 0; i < 2; i += 1) {
      await claimOnce();
      clock.advance(1_000);
    }
    const runs: string[] = [];
    const outbox = outboxOn(database, [xpHandler('xp', runs)], {
      retry: { maxAttempts: 2 },
    });

    expect(await outbox.drain()).toBe(1);

    expect(runs).toEqual([]);
    expect(await deliveries()).toMatchObject([{ status: 'dead', attempts: 3 }]);
  });

  it('deletes events a week after all their handlers are done, and keeps the others', async () => {
    const outbox = outboxOn(database, [
      xpHandler('xp'),
      defineHandler({
        name: 'failing',
        on: 'hwid.reset',
        handle: () => Promise.reject(new Error('no')),
      }),
    ]);
    await outbox.transaction(async (trx) => {
      await outbox.record(trx, 'user.banned', banned());
      await outbox.record(trx, 'hwid.reset', { subscriptionId: 's', userId, machinesReleased: 1 });
    });
    // The handlers' first try, which follows the answer, is over before the week passes.
    await outbox.idle();
    clock.advance(7 * 24 * 60 * 60_000 + 1);
    const kept = await db.selectFrom('events').select(['id', 'type']).execute();
    expect(kept).toHaveLength(2);

    outbox.start();
    await vi.waitFor(async () =>
      expect(await db.selectFrom('events').select('type').execute()).toEqual([
        { type: 'hwid.reset' },
      ]),
    );
    await outbox.stop();
    // The done event's deliveries went with it.
    expect((await deliveries()).map((d) => d.handler)).toEqual(['failing']);
  });
});
