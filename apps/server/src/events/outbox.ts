import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { BackgroundWork } from '../platform/jobs/background-work.js';
import { createBackgroundWork } from '../platform/jobs/background-work.js';
import type { Clock } from '../platform/core/clock.js';
import type { SqlDialect } from '../platform/db/database.js';
import { withTransaction } from '../platform/db/database.js';
import type { Lease, RetryPolicy } from '../platform/jobs/delivery-queue.js';
import { createDeliveryQueue } from '../platform/jobs/delivery-queue.js';
import { newId } from '../platform/core/ids.js';
import type { DomainEvent, EventPayload, EventType } from './catalogue.js';
import type { ClaimedDelivery, DeliveryKey, StoredEvent } from './events-repository.js';
import { createEventsRepository } from './events-repository.js';

/**
 * A reaction to one event type, declared once at start-up. `name` is stored with each delivery:
 * keep it stable (renaming one leaves its pending deliveries to nobody).
 *
 * - `handle(event, trx)`: a database effect (a notification row, XP). It runs in a transaction
 *   that also marks the delivery done, so its effect happens exactly once per event. Use only
 *   `trx` inside. It runs right after the request that recorded the event answered, unless it
 *   is `inAnswer`.
 * - `deliver(event)`: an outside effect (mail, later webhooks). It runs outside any transaction
 *   (never holding SQLite's single connection), after the request answered; the delivery is
 *   marked done once it returns. At least once: a crash or an expired lease between the effect
 *   and the mark repeats it, so it must be idempotent (or tolerate a repeat).
 *
 * A handler that throws is retried with backoff, then parked as `dead`; other handlers of the
 * same event and later events are not held up.
 */
export type EventHandler<T extends EventType = EventType> = {
  name: string;
  on: T;
  /**
   * Only events whose payload passes get a delivery for this handler, decided when recorded;
   * an event no handler accepts is not stored (a loader refusal only one code of which matters).
   */
  when?: (payload: EventPayload<T>) => boolean;
} & (
  | {
      handle: (event: DomainEvent<T>, trx: Kysely<Database>) => Promise<void>;
      deliver?: never;
      /**
       * The request that records the event answers only after this handler's effect, because
       * that answer, or the read its screen makes at once, shows it. Beside it, say why. Each
       * one costs every such request a transaction; the others run right after the answer.
       */
      inAnswer?: boolean;
    }
  | { deliver: (event: DomainEvent<T>) => Promise<void>; handle?: never; inAnswer?: never }
);

/** A handler of any event type, as the outbox holds them. */
export type AnyEventHandler = { [T in EventType]: EventHandler<T> }[EventType];

/** Declares a handler with its event type inferred from `on`. */
export function defineHandler<T extends EventType>(handler: EventHandler<T>): EventHandler<T> {
  return handler;
}

export interface OutboxLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** 8 attempts over about 11 minutes: 5 s, 10 s, 20 s ... 320 s between them. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
};

export interface OutboxOptions {
  db: Kysely<Database>;
  dialect: SqlDialect;
  clock: Clock;
  log: OutboxLogger;
  /** Every handler, at once; or later, once, with `subscribe` (before the first event). */
  handlers?: readonly AnyEventHandler[];
  /** How often the poller looks for due deliveries. Default 2 s. */
  pollIntervalMs?: number;
  /**
   * How long a claim holds its deliveries; after it, another process takes over a claim whose
   * process died. Longer than any handler takes. Default 2 min.
   */
  leaseMs?: number;
  /**
   * How long the poller leaves new deliveries to the process that recorded them (which runs
   * them right after commit); after it, a crashed recorder's deliveries are picked up.
   * Default 30 s.
   */
  promptGraceMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Events whose deliveries are all done are deleted after this. Default 7 days. */
  retentionMs?: number;
  /** Deliveries claimed at a time by the poller. Default 50. */
  batchSize?: number;
  /**
   * Runs the handlers after the answer (the app's, so its shutdown waits for them too). Its
   * own by default.
   */
  background?: Pick<BackgroundWork, 'run'>;
}

export interface DeadDelivery extends DeliveryKey {
  type: string;
  payload: unknown;
  occurredAt: number;
  attempts: number;
  lastError: string | null;
}

export interface Outbox {
  /**
   * Gives the outbox every handler of the app, once, before the first event is recorded (the
   * modules that record events are built before the handlers they contribute are known).
   */
  subscribe(handlers: readonly AnyEventHandler[]): void;
  /**
   * Runs `fn` in one transaction (platform/db/database.ts `withTransaction`); the events recorded
   * in it are handled right after it commits: `inAnswer` handlers before this resolves, the
   * others after the answer (through the background work). A handler's failure never reaches
   * the caller (it is retried).
   */
  transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Records an event in `executor`, a transaction opened by `transaction` (the change's own),
   * or the database itself (then in a transaction of its own, handled at once). Throws for a
   * transaction the outbox did not open: nothing would run its handlers after that commit.
   * An event no handler subscribes to is not stored.
   */
  record<T extends EventType>(
    executor: Kysely<Database>,
    type: T,
    payload: EventPayload<T>,
  ): Promise<void>;
  /** Starts the poller (retries, leftovers of a crashed process, retention). Idempotent. */
  start(): void;
  /** Stops the poller and waits for the handlers under way. Idempotent. */
  stop(): Promise<void>;
  /**
   * Resolves once the handlers started after answers (and what they recorded in turn) have
   * finished: what a test awaits before reading their effects.
   */
  idle(): Promise<void>;
  /**
   * Waits for `idle()`, then claims and runs every due delivery now, as the poller does;
   * answers how many it claimed.
   */
  drain(): Promise<number>;
  /** Parked deliveries, the most recent events first. */
  listDead(page?: { limit?: number; offset?: number }): Promise<DeadDelivery[]>;
  /**
   * A dead delivery back to pending, due now, with fresh attempts; false if it was not dead.
   * `executor`: a transaction to do it in (the admin's requeue records its activity row there).
   */
  requeue(key: DeliveryKey, executor?: Kysely<Database>): Promise<boolean>;
}

/**
 * What a service that changes state needs of the outbox: its transactions, and recording in
 * them. Handed to services through their factory's deps (services.ts).
 */
export type EventRecorder = Pick<Outbox, 'transaction' | 'record'>;

/** Retention deletes at most this many events per poll, so a poll stays short. */
const PRUNE_BATCH = 500;
/** How often retention looks for old events, unless its last batch was full. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** An event a transaction recorded, and which of its handlers run before or after the answer. */
interface RecordedEvent {
  event: DomainEvent;
  inAnswer: string[];
  afterAnswer: string[];
}

/** What a transaction the outbox opened has recorded so far. */
interface Recording {
  events: RecordedEvent[];
  /** The lease its in-answer deliveries were inserted under, once it recorded one. */
  lease?: Lease;
}

/** Which deliveries a claim may take beyond the due ones' defaults. */
interface DeliveryQuery {
  handlers: readonly string[];
  eventIds: readonly string[];
}

/**
 * The transactional outbox (docs/architecture.md, "Domain events and the outbox"). Build one
 * per process with every handler; services record events through it; the app starts its
 * poller when it is ready and stops it at shutdown.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, clock, log } = options;
  const repository = createEventsRepository(db, options.dialect);
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const promptGraceMs = options.promptGraceMs ?? 30_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60_000;
  const batchSize = options.batchSize ?? 50;
  const background = options.background ?? createBackgroundWork(log);

  const byName = new Map<string, AnyEventHandler>();
  const byType = new Map<EventType, AnyEventHandler[]>();
  let handlerNames: string[] = [];
  let subscribed = false;
  /** Every handler of the app, given once: the modules that record events are built first. */
  function subscribe(handlers: readonly AnyEventHandler[]): void {
    if (subscribed) throw new Error('The outbox has its handlers already');
    subscribed = true;
    for (const handler of handlers) {
      if (byName.has(handler.name)) throw new Error(`Two event handlers named ${handler.name}`);
      byName.set(handler.name, handler);
      byType.set(handler.on, [...(byType.get(handler.on) ?? []), handler]);
    }
    handlerNames = [...byName.keys()];
  }
  if (options.handlers) subscribe(options.handlers);

  const queue = createDeliveryQueue<ClaimedDelivery, DeliveryQuery, string, DeliveryKey>({
    db,
    clock,
    leaseMs: options.leaseMs ?? 2 * 60_000,
    batchSize,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    store: {
      hasDue: (now) => repository.hasDue(now, handlerNames),
      claim: (trx, lease, query) =>
        repository.claim(trx, {
          ...lease,
          handlers: query?.handlers ?? handlerNames,
          ...(query ? { eventIds: query.eventIds } : {}),
        }),
      fail: (claimed, verdict, error) => repository.recordFailure(claimed, verdict, error),
      requeue: (key, now, executor) => repository.requeue(key, now, executor),
    },
  });

  /** The handlers that take this event. */
  function handlersOf<T extends EventType>(type: T, payload: EventPayload<T>): AnyEventHandler[] {
    return (byType.get(type) ?? []).filter((handler) => {
      const when = handler.when as ((payload: EventPayload<T>) => boolean) | undefined;
      return !when || when(payload);
    });
  }

  /** The recording of each transaction `transaction` opened (and each handler's). */
  const openTransactions = new WeakMap<Kysely<Database>, Recording>();
  /** Handlers started after answers and not finished: awaited by idle(), drain() and stop(). */
  const afterAnswerWork = new Set<Promise<void>>();

  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let started = false;
  let nextPruneAt = 0;

  async function transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const recording: Recording = { events: [] };
    const result = await withTransaction(db, (trx) => {
      openTransactions.set(trx, recording);
      return fn(trx);
    });
    if (recording.events.length > 0) await dispatch(recording);
    return result;
  }

  /**
   * Right after commit, this process runs what it recorded, without waiting for the poller (and
   * without reading back the events it holds): the in-answer deliveries before its caller goes
   * on (they were inserted leased to it), the others once the answer has gone out.
   */
  async function dispatch({ events, lease }: Recording): Promise<void> {
    if (lease) {
      const claims = events.flatMap(({ event, inAnswer }) =>
        inAnswer.map((handler) => ({
          eventId: event.id,
          handler,
          attempts: 1,
          token: lease.token,
        })),
      );
      await run(
        claims,
        events.map(({ event }) => event),
      );
    }
    const later = events.filter(({ afterAnswer }) => afterAnswer.length > 0);
    if (later.length > 0) runAfterAnswer(() => dispatchAfterAnswer(later));
  }

  /** Off the request's path: claims the recorded events' other deliveries and runs them. */
  async function dispatchAfterAnswer(recorded: RecordedEvent[]): Promise<void> {
    const eventIds = recorded.map(({ event }) => event.id);
    const handlers = [...new Set(recorded.flatMap(({ afterAnswer }) => afterAnswer))];
    try {
      const claims = await queue.claim({ eventIds, handlers }, eventIds.length * handlers.length);
      await run(
        claims,
        recorded.map(({ event }) => event),
      );
    } catch (error) {
      // The deliveries stay pending: the poller takes them after promptGraceMs.
      log.error({ err: error, eventIds }, 'events not dispatched after commit');
    }
  }

  function runAfterAnswer(task: () => Promise<void>): void {
    const work: Promise<void> = new Promise((resolve) => {
      background.run('event handlers after the answer', () =>
        task().finally(() => {
          afterAnswerWork.delete(work);
          resolve();
        }),
      );
    });
    afterAnswerWork.add(work);
  }

  async function idle(): Promise<void> {
    // Handlers may record events whose handlers start more work: wait until none is left.
    while (afterAnswerWork.size > 0) await Promise.all(afterAnswerWork);
  }

  /** `handle` handlers one at a time; `deliver` ones side by side (they wait on the outside). */
  async function run(claims: ClaimedDelivery[], known: DomainEvent[] = []): Promise<void> {
    if (claims.length === 0) return;
    const events = new Map(known.map((event) => [event.id, event]));
    const missing = [...new Set(claims.map((c) => c.eventId))].filter((id) => !events.has(id));
    for (const row of await repository.findEvents(missing)) events.set(row.id, toDomainEvent(row));
    const deliveries: Promise<void>[] = [];
    for (const claimed of claims) {
      const handler = byName.get(claimed.handler);
      const event = events.get(claimed.eventId);
      if (!handler || !event) continue; // Claimed by name and joined by key: cannot happen.
      if (handler.deliver) deliveries.push(runOne(claimed, event, handler));
      else await runOne(claimed, event, handler);
    }
    await Promise.all(deliveries);
  }

  /** Runs one claimed delivery; never throws. */
  async function runOne(
    claimed: ClaimedDelivery,
    event: DomainEvent,
    handler: AnyEventHandler,
  ): Promise<void> {
    try {
      if (queue.exhausted(claimed)) {
        throw new Error('out of attempts: the lease of the last one ran out before it finished');
      }
      if (handler.deliver) {
        await (handler.deliver as (event: DomainEvent) => Promise<void>)(event);
        if (!(await repository.markDone(db, claimed, clock.now()))) warnLost(claimed);
        return;
      }
      const handle = handler.handle as (event: DomainEvent, trx: Kysely<Database>) => Promise<void>;
      // A handler may record follow-up events in its transaction (an order's completion records
      // `purchase.completed`): they commit with its effect and are dispatched after it.
      const followUps: Recording = { events: [] };
      await withTransaction(db, async (trx) => {
        openTransactions.set(trx, followUps);
        // Marked first: on PostgreSQL the row lock keeps every other claim off it until commit.
        if (!(await repository.markDone(trx, claimed, clock.now()))) return warnLost(claimed);
        await handle(event, trx);
      });
      if (followUps.events.length > 0) await dispatch(followUps);
    } catch (error) {
      await recordFailure(claimed, event, error);
    }
  }

  function warnLost(claimed: ClaimedDelivery): void {
    log.warn(
      { eventId: claimed.eventId, handler: claimed.handler },
      'event delivery lease ran out; another claim took it over',
    );
  }

  async function recordFailure(
    claimed: ClaimedDelivery,
    event: DomainEvent,
    error: unknown,
  ): Promise<void> {
    const details = {
      err: error,
      eventId: event.id,
      type: event.type,
      handler: claimed.handler,
      attempts: claimed.attempts,
    };
    let dead: boolean;
    try {
      const message = error instanceof Error ? error.message : String(error);
      dead = (await queue.fail(claimed, message)).verdict.status === 'dead';
    } catch (storeError) {
      // The lease runs out and the delivery is claimed again: the attempt is not lost.
      log.error({ ...details, storeError }, 'event handler failure not recorded');
      return;
    }
    if (dead) log.error(details, 'event handler out of attempts: delivery parked as dead');
    else log.warn(details, 'event handler failed; will retry');
  }

  /** Due deliveries, a batch at a time, at most `maxBatches`; answers how many it claimed. */
  async function runDue(maxBatches = Infinity): Promise<number> {
    if (handlerNames.length === 0) return 0;
    return queue.runDue((claims) => run(claims), maxBatches);
  }

  async function pruneIfDue(): Promise<void> {
    const now = clock.now();
    if (now < nextPruneAt) return;
    const deleted = await repository.deleteDoneBefore(now - retentionMs, PRUNE_BATCH);
    nextPruneAt = deleted === PRUNE_BATCH ? now : now + PRUNE_EVERY_MS;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      polling = poll().finally(() => {
        polling = undefined;
      });
    }, delayMs);
    timer.unref();
  }

  async function poll(): Promise<void> {
    let full = false;
    try {
      full = (await runDue(1)) === batchSize;
      await pruneIfDue();
    } catch (error) {
      log.error({ err: error }, 'event poller failed; trying again');
    }
    // A full batch means more are waiting: go on at once.
    if (started) schedule(full ? 0 : pollIntervalMs);
  }

  async function record<T extends EventType>(
    executor: Kysely<Database>,
    type: T,
    payload: EventPayload<T>,
  ): Promise<void> {
    // Before it, an event would be stored for nobody and lost.
    if (!subscribed) throw new Error(`Event ${type} recorded before the outbox had its handlers`);
    const handlers = handlersOf(type, payload);
    const recording = openTransactions.get(executor);
    if (!recording) {
      if (executor.isTransaction) {
        throw new Error(
          `Event ${type} recorded in a transaction the outbox did not open: use outbox.transaction`,
        );
      }
      // Nobody listens: not even a transaction to open.
      if (handlers.length === 0) return;
      return transaction((trx) => record(trx, type, payload));
    }
    if (handlers.length === 0) return;
    const inAnswer = handlers.filter((h) => h.inAnswer).map((h) => h.name);
    const afterAnswer = handlers.filter((h) => !h.inAnswer).map((h) => h.name);
    // Leased as long as the poller leaves new deliveries to their recorder: after a crash they
    // are taken up as soon as the others. A `handle` handler marks its delivery done first in
    // its transaction, so even a lapsed lease never runs it twice.
    if (inAnswer.length > 0) recording.lease ??= queue.lease(promptGraceMs);
    const stored = JSON.stringify(payload);
    // The handlers of the prompt dispatch see the payload as stored, as the poller's would.
    const event = toDomainEvent({ id: newId(), type, payload: stored, occurred_at: clock.now() });
    await repository.insert(
      executor,
      { id: event.id, type, payload: stored, occurredAt: event.occurredAt },
      [...inAnswer, ...afterAnswer],
      event.occurredAt + promptGraceMs,
      recording.lease && { handlers: inAnswer, lease: recording.lease },
    );
    recording.events.push({ event, inAnswer, afterAnswer });
  }

  return {
    subscribe,
    transaction,
    record,

    // No job lease (platform/jobs/job-leases.ts): every process polls, since each must also run what
    // it records right after commit. Claims are safe side by side: SKIP LOCKED on PostgreSQL,
    // one writer on SQLite, and a claim token that a lapsed claim cannot finish with (the test
    // 'never runs one delivery twice with three processes polling at once').
    start() {
      if (started) return;
      started = true;
      // At once (a restart picks up what the last process left), unless a poll is still
      // finishing after stop(): it schedules the next one itself.
      if (!polling) schedule(0);
    },

    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await polling;
      await idle();
    },

    idle,

    async drain() {
      await idle();
      const ran = await runDue();
      await idle();
      return ran;
    },

    async listDead({ limit = 50, offset = 0 } = {}) {
      const rows = await repository.listDead(limit, offset);
      return rows.map((row) => ({
        eventId: row.event_id,
        handler: row.handler,
        type: row.type,
        payload: JSON.parse(row.payload) as unknown,
        occurredAt: row.occurred_at,
        attempts: row.attempts,
        lastError: row.last_error,
      }));
    },

    requeue(key, executor) {
      return queue.requeue(key, executor);
    },
  };
}

function toDomainEvent(row: StoredEvent): DomainEvent {
  return {
    id: row.id,
    type: row.type as EventType,
    payload: JSON.parse(row.payload) as DomainEvent['payload'],
    occurredAt: Number(row.occurred_at),
  };
}
