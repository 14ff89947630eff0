import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../core/clock.js';
import { withTransaction } from '../db/database.js';
import { newId } from '../core/ids.js';

/**
 * The lease/retry core of the app's durable work queues: the outbox's `event_deliveries`
 * (events/) and the outgoing webhooks' `webhook_deliveries`. A delivery is a row that stays
 * pending until an attempt finishes it:
 *
 * - **Claimed with a lease.** A claim takes due rows nobody holds, gives them its token and an
 *   expiry, and counts the attempt, in one short write transaction. A worker that dies leaves
 *   its lease to run out; the next claim then takes the rows over, and only the token's holder
 *   may record an outcome, so a late worker cannot finish what another took.
 * - **Retried with backoff.** A failed attempt waits `baseDelayMs`, doubling after each further
 *   failure up to `maxDelayMs` (spread by `jitter`), before it is due again.
 * - **Parked.** After its last attempt, or when the next would come after the row's own
 *   deadline, a row is parked (dead) with its error, until someone requeues it by hand.
 * - **Requeued.** Pending again and due now, with fresh attempts.
 *
 * The SQL stays in each table's repository: the core is handed its operations (DeliveryStore).
 */

/** What a claim writes on the rows it takes. */
export interface Lease {
  now: number;
  /** The claim holds each row until now + leaseMs. */
  leaseMs: number;
  /** Only this claim's holder may record the rows' outcomes. */
  token: string;
}

/** A row leased to one claim. */
export interface LeasedDelivery {
  token: string;
  /** Attempts since the row was queued or requeued, counting this claim's. */
  attempts: number;
  /** When set, an attempt whose retry would come later than this parks the row instead. */
  deadline?: number;
}

export interface RetryPolicy {
  /** Attempts a delivery may take; after the last failure it is parked. */
  maxAttempts: number;
  /** Wait after the first failure, doubled after each further one... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** Each wait spread by ± this fraction (0.2: 80–120 %), so one outage's retries spread out. */
  jitter?: number;
}

/** What becomes of a delivery after a failed attempt. */
export type Verdict = { status: 'retry'; nextAttemptAt: number } | { status: 'dead' };

/**
 * A queue's table, through its repository. `Query`: what else a claim may ask (a table's own
 * filters); `Failure`: what a failed attempt stores; `Key`: how a parked row is named.
 */
export interface DeliveryStore<D extends LeasedDelivery, Query, Failure, Key> {
  /** Whether any row is due: a cheap read before the claim's write transaction. */
  hasDue(now: number): Promise<boolean>;
  /**
   * Leases up to `limit` pending rows nobody holds (never claimed, or their lease ran out):
   * the due ones, or those `query` names. On PostgreSQL it skips rows another transaction
   * holds; on SQLite the caller's IMMEDIATE transaction makes it the only writer.
   */
  claim(trx: Kysely<Database>, lease: Lease & { limit: number }, query?: Query): Promise<D[]>;
  /** A failed attempt: due again at the verdict's time, or parked. False when the claim was lost. */
  fail(delivery: D, verdict: Verdict, failure: Failure): Promise<boolean>;
  /**
   * A row back to pending, due at `now`, with fresh attempts (the table says which rows may
   * be: the outbox's parked ones, any webhook delivery); false when it was not. `executor`: a
   * transaction to do it in (beside the action's audit line).
   */
  requeue(key: Key, now: number, executor?: Kysely<Database>): Promise<boolean>;
}

export interface DeliveryQueueOptions<D extends LeasedDelivery, Query, Failure, Key> {
  db: Kysely<Database>;
  clock: Clock;
  store: DeliveryStore<D, Query, Failure, Key>;
  /** Longer than any attempt takes: after it, another claim takes over a dead worker's rows. */
  leaseMs: number;
  /** Rows claimed at a time. */
  batchSize: number;
  retry: RetryPolicy;
  /** For the jitter (tests pin it). */
  random?: () => number;
}

export function createDeliveryQueue<D extends LeasedDelivery, Query, Failure, Key>({
  db,
  clock,
  store,
  leaseMs,
  batchSize,
  retry,
  random = Math.random,
}: DeliveryQueueOptions<D, Query, Failure, Key>) {
  /**
   * A lease for rows this worker takes now: by a claim, or as it inserts them (then for as long
   * as the table leaves new rows to their writer).
   */
  function lease(length = leaseMs): Lease {
    return { now: clock.now(), leaseMs: length, token: newId() };
  }

  /** The wait before the next attempt, after `attempts` failed ones. */
  function backoff(attempts: number): number {
    const base = Math.min(retry.baseDelayMs * 2 ** Math.max(0, attempts - 1), retry.maxDelayMs);
    const jitter = retry.jitter ?? 0;
    return Math.round(base * (1 - jitter + 2 * jitter * random()));
  }

  /**
   * What a failed attempt leads to: due again after the backoff (or `waitMs`, a wait the other
   * side asked for), or parked when that was the last attempt or the retry would miss the
   * row's deadline.
   */
  function verdictAfter(delivery: D, { waitMs }: { waitMs?: number } = {}): Verdict {
    if (delivery.attempts >= retry.maxAttempts) return { status: 'dead' };
    const nextAttemptAt = clock.now() + (waitMs ?? backoff(delivery.attempts));
    if (delivery.deadline !== undefined && nextAttemptAt > delivery.deadline) {
      return { status: 'dead' };
    }
    return { status: 'retry', nextAttemptAt };
  }

  /** Leases rows (the due ones, or those `query` names) in one short write transaction. */
  function claim(query?: Query, limit = batchSize): Promise<D[]> {
    // On SQLite it queues for the single connection like any request and holds it only for
    // this statement.
    return withTransaction(db, (trx) => store.claim(trx, { ...lease(), limit }, query));
  }

  return {
    lease,
    claim,
    backoff,

    /**
     * Claims due rows a batch at a time and hands each batch to `work`, which records every
     * row's outcome; goes on while batches come back full, at most `maxBatches`. Answers how
     * many rows it claimed. Nothing is written when nothing is due.
     */
    async runDue(work: (batch: D[]) => Promise<void>, maxBatches = Infinity): Promise<number> {
      let claimed = 0;
      for (let batches = 0; batches < maxBatches; batches += 1) {
        if (!(await store.hasDue(clock.now()))) break;
        const batch = await claim();
        claimed += batch.length;
        if (batch.length > 0) await work(batch);
        if (batch.length < batchSize) break;
      }
      return claimed;
    },

    /**
     * Whether a claimed row had used up its attempts already: the lease of its last one ran
     * out before that attempt finished. Park it rather than try again.
     */
    exhausted(delivery: D): boolean {
      return delivery.attempts > retry.maxAttempts;
    },

    /** Records a failed attempt; answers its verdict and whether the claim still held. */
    async fail(
      delivery: D,
      failure: Failure,
      options: { waitMs?: number } = {},
    ): Promise<{ verdict: Verdict; recorded: boolean }> {
      const verdict = verdictAfter(delivery, options);
      return { verdict, recorded: await store.fail(delivery, verdict, failure) };
    },

    requeue(key: Key, executor?: Kysely<Database>): Promise<boolean> {
      return store.requeue(key, clock.now(), executor);
    },
  };
}

export type DeliveryQueue<D extends LeasedDelivery, Query, Failure, Key> = ReturnType<
  typeof createDeliveryQueue<D, Query, Failure, Key>
>;
