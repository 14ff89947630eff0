import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { SqlDialect } from '../platform/database.js';
import { withTransaction } from '../platform/database.js';
import { newId } from '../platform/ids.js';
import type { DomainEvent, EventPayload, EventType } from './catalogue.js';
import type { ClaimedDelivery, DeliveryKey, StoredEvent } from './events-repository.js';
import { createEventsRepository } from './events-repository.js';

/**
 * A reaction to one event type, declared once at start-up. `name` is stored with each delivery:
 * keep it stable (renaming one leaves its pending deliveries to nobody).
 *
 * - `handle(event, trx)`: a database effect (a notification row, XP). It runs in a transaction
 *   that also marks the delivery done, so its effect happens exactly once per event. Use only
 *   `trx` inside. It runs before `outbox.transaction` returns, so the request that recorded the
 *   event answers after it.
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
  | { handle: (event: DomainEvent<T>, trx: Kysely<Database>) => Promise<void>; deliver?: never }
  | { deliver: (event: DomainEvent<T>) => Promise<void>; handle?: never }
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

export interface RetryPolicy {
  /** Claims a delivery may take; after the last failure it is parked as `dead`. */
  maxAttempts: number;
  /** Wait after the first failure, doubled after each further one... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
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
   * Runs `fn` in one transaction (platform/database.ts `withTransaction`); the events recorded
   * in it are handled right after it commits: `handle` handlers before this resolves, `deliver`
   * handlers in the background. A handler's failure never reaches the caller (it is retried).
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
  /** Claims and runs every due delivery now, as the poller does; answers how many it ran. */
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

/**
 * The transactional outbox (docs/architecture.md, "Domain events and the outbox"). Build one
 * per process with every handler; services record events through it; the app starts its
 * poller when it is ready and stops it at shutdown.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, clock, log } = options;
  const repository = createEventsRepository(db, options.dialect);
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const promptGraceMs = options.promptGraceMs ?? 30_000;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60_000;
  const batchSize = options.batchSize ?? 50;

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

  /** The names of the handlers that take this event. */
  function handlersOf<T extends EventType>(type: T, payload: EventPayload<T>): string[] {
    const names: string[] = [];
    for (const handler of byType.get(type) ?? []) {
      const when = handler.when as ((payload: EventPayload<T>) => boolean) | undefined;
      if (!when || when(payload)) names.push(handler.name);
    }
    return names;
  }

  /** The events recorded so far by each transaction `transaction` opened. */
  const openTransactions = new WeakMap<Kysely<Database>, DomainEvent[]>();
  /** `deliver` handlers under way, awaited by stop(). */
  const delivering = new Set<Promise<void>>();

  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let started = false;
  let nextPruneAt = 0;

  async function transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const recorded: DomainEvent[] = [];
    const result = await withTransaction(db, (trx) => {
      openTransactions.set(trx, recorded);
      return fn(trx);
    });
    if (recorded.length > 0) await dispatchRecorded(recorded);
    return result;
  }

  /**
   * Right after commit: this process runs what it recorded, without waiting for the poller (and
   * without reading back the events it holds).
   */
  async function dispatchRecorded(recorded: DomainEvent[]): Promise<void> {
    const eventIds = recorded.map((event) => event.id);
    try {
      const claims = await claim({ eventIds, limit: eventIds.length * handlerNames.length });
      await run(claims, { waitForDeliver: false, known: recorded });
    } catch (error) {
      // The deliveries stay pending: the poller takes them after promptGraceMs.
      log.error({ err: error, eventIds }, 'events not dispatched after commit');
    }
  }

  function claim(request: { limit: number; eventIds?: string[] }): Promise<ClaimedDelivery[]> {
    // One short write transaction: on SQLite it queues for the single connection like any
    // request and holds it only for this statement.
    return withTransaction(db, (trx) =>
      repository.claim(trx, {
        ...request,
        now: clock.now(),
        leaseMs,
        token: newId(),
        handlers: handlerNames,
      }),
    );
  }

  /** `handle` handlers one at a time; `deliver` ones side by side (they wait on the outside). */
  async function run(
    claims: ClaimedDelivery[],
    { waitForDeliver, known = [] }: { waitForDeliver: boolean; known?: DomainEvent[] },
  ): Promise<void> {
    if (claims.length === 0) return;
    const events = new Map(known.map((event) => [event.id, event]));
    const missing = [...new Set(claims.map((c) => c.eventId))].filter((id) => !events.has(id));
    for (const row of await repository.findEvents(missing)) events.set(row.id, toDomainEvent(row));
    const deliveries: Promise<void>[] = [];
    for (const claimed of claims) {
      const handler = byName.get(claimed.handler);
      const event = events.get(claimed.eventId);
      if (!handler || !event) continue; // Claimed by name and joined by key: cannot happen.
      if (handler.deliver) {
        const delivery = runOne(claimed, event, handler).finally(() => delivering.delete(delivery));
        delivering.add(delivery);
        deliveries.push(delivery);
      } else {
        await runOne(claimed, event, handler);
      }
    }
    if (waitForDeliver) await Promise.all(deliveries);
  }

  /** Runs one claimed delivery; never throws. */
  async function runOne(
    claimed: ClaimedDelivery,
    event: DomainEvent,
    handler: AnyEventHandler,
  ): Promise<void> {
    try {
      if (claimed.attempts > retry.maxAttempts) {
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
      const followUps: DomainEvent[] = [];
      await withTransaction(db, async (trx) => {
        openTransactions.set(trx, followUps);
        // Marked first: on PostgreSQL the row lock keeps every other claim off it until commit.
        if (!(await repository.markDone(trx, claimed, clock.now()))) return warnLost(claimed);
        await handle(event, trx);
      });
      if (followUps.length > 0) await dispatchRecorded(followUps);
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
    const dead = claimed.attempts >= retry.maxAttempts;
    try {
      const message = error instanceof Error ? error.message : String(error);
      await repository.recordFailure(
        claimed,
        dead
          ? { status: 'dead', error: message }
          : {
              status: 'pending',
              nextAttemptAt: clock.now() + backoff(claimed.attempts),
              error: message,
            },
      );
    } catch (storeError) {
      // The lease runs out and the delivery is claimed again: the attempt is not lost.
      log.error({ ...details, storeError }, 'event handler failure not recorded');
      return;
    }
    if (dead) log.error(details, 'event handler out of attempts: delivery parked as dead');
    else log.warn(details, 'event handler failed; will retry');
  }

  function backoff(attempts: number): number {
    return Math.min(retry.baseDelayMs * 2 ** (attempts - 1), retry.maxDelayMs);
  }

  /** One batch of due deliveries; answers how many it claimed. */
  async function runDue(): Promise<number> {
    if (handlerNames.length === 0) return 0;
    if (!(await repository.hasDue(clock.now(), handlerNames))) return 0;
    const claims = await claim({ limit: batchSize });
    await run(claims, { waitForDeliver: true });
    return claims.length;
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
      full = (await runDue()) === batchSize;
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
    const recorded = openTransactions.get(executor);
    if (!recorded) {
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
    const stored = JSON.stringify(payload);
    // The handlers of the prompt dispatch see the payload as stored, as the poller's would.
    const event = toDomainEvent({ id: newId(), type, payload: stored, occurred_at: clock.now() });
    await repository.insert(
      executor,
      { id: event.id, type, payload: stored, occurredAt: event.occurredAt },
      handlers,
      event.occurredAt + promptGraceMs,
    );
    recorded.push(event);
  }

  return {
    subscribe,
    transaction,
    record,

    // No job lease (platform/job-leases.ts): every process polls, since each must also run what
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
      await Promise.all(delivering);
    },

    async drain() {
      let total = 0;
      for (;;) {
        const ran = await runDue();
        total += ran;
        if (ran < batchSize) return total;
      }
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
      return repository.requeue(key, clock.now(), executor);
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
