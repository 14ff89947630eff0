import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SqlDialect } from '../platform/db/database.js';
import type { Lease, Verdict } from '../platform/jobs/delivery-queue.js';

export interface NewEvent {
  id: string;
  type: string;
  /** JSON text. */
  payload: string;
  occurredAt: number;
}

export interface DeliveryKey {
  eventId: string;
  handler: string;
}

/** A delivery leased to one claim: only the holder of `token` may finish it. */
export interface ClaimedDelivery extends DeliveryKey {
  /** Counting this claim. */
  attempts: number;
  token: string;
}

export interface StoredEvent {
  id: string;
  type: string;
  payload: string;
  occurred_at: number;
}

export interface DeadDeliveryRow {
  event_id: string;
  handler: string;
  attempts: number;
  last_error: string | null;
  type: string;
  payload: string;
  occurred_at: number;
}

export interface ClaimRequest extends Lease {
  limit: number;
  /** Only deliveries of handlers this process runs (a rolling deploy may add or drop some). */
  handlers: readonly string[];
  /**
   * The deliveries of these events whatever their next attempt time (the recording process
   * runs them right after commit); without it, the due ones, oldest first.
   */
  eventIds?: readonly string[];
}

/** Kept whole in logs; stored cut to this length. */
const STORED_ERROR_CHARS = 2000;

/** Queries on `events` and `event_deliveries`, the outbox (events/outbox.ts). */
export function createEventsRepository(db: Kysely<Database>, dialect: SqlDialect) {
  return {
    /**
     * The event and one pending delivery per handler, in the caller's transaction. The
     * deliveries of `claimed.handlers` go in already leased to the caller, their first attempt
     * counted: it runs them right after commit, and nobody else may meanwhile.
     */
    async insert(
      executor: Kysely<Database>,
      event: NewEvent,
      handlers: readonly string[],
      firstAttemptAt: number,
      claimed?: { handlers: readonly string[]; lease: Lease },
    ): Promise<void> {
      await executor
        .insertInto('events')
        .values({
          id: event.id,
          type: event.type,
          payload: event.payload,
          occurred_at: event.occurredAt,
        })
        .execute();
      if (handlers.length === 0) return;
      await executor
        .insertInto('event_deliveries')
        .values(
          handlers.map((handler) => ({
            event_id: event.id,
            handler,
            status: 'pending' as const,
            next_attempt_at: firstAttemptAt,
            ...(claimed?.handlers.includes(handler)
              ? {
                  attempts: 1,
                  claimed_until: claimed.lease.now + claimed.lease.leaseMs,
                  claim_token: claimed.lease.token,
                }
              : { attempts: 0, claimed_until: null, claim_token: null }),
          })),
        )
        .execute();
    },

    /** Whether any delivery is due: a cheap read before taking the write lock to claim. */
    async hasDue(now: number, handlers: readonly string[]): Promise<boolean> {
      const row = await db
        .selectFrom('event_deliveries')
        .select('event_id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where('handler', 'in', handlers)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Leases up to `limit` pending deliveries nobody holds (never claimed, or their lease ran
     * out) and counts the attempt. PostgreSQL skips rows another transaction holds (a claim
     * under way, a handler marking its delivery done), so processes never wait on each other;
     * on SQLite the caller's IMMEDIATE transaction makes the claim the only writer.
     */
    async claim(executor: Kysely<Database>, request: ClaimRequest): Promise<ClaimedDelivery[]> {
      const { now, eventIds } = request;
      const picked = executor
        .selectFrom('event_deliveries')
        .select(['event_id', 'handler'])
        .where('status', '=', 'pending')
        .where('handler', 'in', request.handlers)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .$if(eventIds !== undefined, (qb) => qb.where('event_id', 'in', eventIds ?? []))
        .$if(eventIds === undefined, (qb) =>
          qb.where('next_attempt_at', '<=', now).orderBy('next_attempt_at'),
        )
        .limit(request.limit)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const rows = await executor
        .updateTable('event_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          claimed_until: now + request.leaseMs,
          claim_token: request.token,
        }))
        .where((eb) =>
          eb(eb.refTuple('event_id', 'handler'), 'in', picked.$asTuple('event_id', 'handler')),
        )
        .returning(['event_id', 'handler', 'attempts'])
        .execute();
      return rows.map((row) => ({
        eventId: row.event_id,
        handler: row.handler,
        attempts: Number(row.attempts),
        token: request.token,
      }));
    },

    async findEvents(ids: readonly string[]): Promise<StoredEvent[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('events')
        .select(['id', 'type', 'payload', 'occurred_at'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Marks a claimed delivery done, unless the claim was lost (its lease ran out and another
     * claim took it, which may have finished it). Run in the handler's transaction, first: on
     * PostgreSQL the row stays locked until commit, so no other claim can take it meanwhile.
     */
    async markDone(
      executor: Kysely<Database>,
      claim: ClaimedDelivery,
      now: number,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('event_deliveries')
        .set({ status: 'done', done_at: now, claimed_until: null, claim_token: null })
        .where('event_id', '=', claim.eventId)
        .where('handler', '=', claim.handler)
        .where('status', '=', 'pending')
        .where('claim_token', '=', claim.token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** A failed attempt: retried at the verdict's time, or parked as dead. No-op if the claim was lost. */
    async recordFailure(claim: ClaimedDelivery, verdict: Verdict, error: string): Promise<boolean> {
      const result = await db
        .updateTable('event_deliveries')
        .set({
          ...(verdict.status === 'retry'
            ? { status: 'pending' as const, next_attempt_at: verdict.nextAttemptAt }
            : { status: 'dead' as const }),
          claimed_until: null,
          claim_token: null,
          last_error: error.slice(0, STORED_ERROR_CHARS),
        })
        .where('event_id', '=', claim.eventId)
        .where('handler', '=', claim.handler)
        .where('status', '=', 'pending')
        .where('claim_token', '=', claim.token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Dead deliveries, the most recent events first. */
    async listDead(limit: number, offset: number): Promise<DeadDeliveryRow[]> {
      return db
        .selectFrom('event_deliveries as d')
        .innerJoin('events as e', 'e.id', 'd.event_id')
        .select([
          'd.event_id',
          'd.handler',
          'd.attempts',
          'd.last_error',
          'e.type',
          'e.payload',
          'e.occurred_at',
        ])
        .where('d.status', '=', 'dead')
        .orderBy('e.occurred_at', 'desc')
        .orderBy('d.event_id', 'desc')
        .orderBy('d.handler')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** A dead delivery back to pending with fresh attempts, due at `now`; false if not dead. */
    async requeue(
      key: DeliveryKey,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('event_deliveries')
        .set({
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          claimed_until: null,
          claim_token: null,
        })
        .where('event_id', '=', key.eventId)
        .where('handler', '=', key.handler)
        .where('status', '=', 'dead')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Deletes up to `limit` events older than `before` whose deliveries are all done (their
     * deliveries go with them); pending and dead ones stay. Answers how many it deleted.
     */
    async deleteDoneBefore(before: number, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('events')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('events as old')
            .select('old.id')
            .where('old.occurred_at', '<', before)
            .where((old) =>
              old.not(
                old.exists(
                  old
                    .selectFrom('event_deliveries as d')
                    .select('d.event_id')
                    .whereRef('d.event_id', '=', 'old.id')
                    .where('d.status', '<>', 'done'),
                ),
              ),
            )
            .orderBy('old.occurred_at')
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
