import type { WebhookDeliveryStatus, WebhookFormat } from '@chaveiro/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { Lease, LeasedDelivery } from '../../platform/jobs/delivery-queue.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface EndpointWithLast extends EndpointRow {
  last_status: WebhookDeliveryStatus | null;
  last_at: number | null;
}

export interface NewDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  now: number;
  windowEndsAt: number;
}

/** A delivery leased to one dispatcher pass, with what sending it needs. */
export interface ClaimedWebhookDelivery extends LeasedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  /** Attempts in its retry window (since queued or resent), counting this one: the backoff's. */
  attempts: number;
  /** The end of its retry window: no retry is scheduled past it. */
  deadline: number;
}

/** The outcome of one attempt, written only while the claim still holds. */
export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  nextAttemptAt: number | null;
  at: number;
  responseStatus: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

export interface UserFacts {
  id: string;
  username: string;
  email: string | null;
  role: string;
}

export interface SubscriptionFacts {
  id: string;
  userId: string;
  productId: string;
  productName: string;
  status: string;
  expiresAt: number | null;
}

const endpointColumns = [
  'e.id',
  'e.url',
  'e.description',
  'e.events',
  'e.secret',
  'e.enabled',
  'e.format',
  'e.created_by',
  'e.created_at',
  'e.updated_at',
] as const;

/** Queries of the outgoing webhooks: endpoints, deliveries, and the facts an event's body names. */
export function createWebhooksRepository(db: Kysely<Database>, dialect: SqlDialect) {
  /** Each endpoint with its latest delivery (the log index: endpoint, created_at desc). */
  function endpointsWithLast(executor: Kysely<Database>) {
    return executor
      .selectFrom('webhook_endpoints as e')
      .select(endpointColumns)
      .select((eb) => [
        eb
          .selectFrom('webhook_deliveries as d')
          .select('d.status')
          .whereRef('d.endpoint_id', '=', 'e.id')
          .orderBy('d.created_at', 'desc')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('last_status'),
        eb
          .selectFrom('webhook_deliveries as d')
          .select((inner) => inner.fn.coalesce('d.last_attempt_at', 'd.created_at').as('at'))
          .whereRef('d.endpoint_id', '=', 'e.id')
          .orderBy('d.created_at', 'desc')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('last_at'),
      ]);
  }

  return {
    async countEndpoints(executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async listEndpoints(limit: number, offset: number): Promise<EndpointWithLast[]> {
      const rows = await endpointsWithLast(db)
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows;
    },

    async findEndpoint(
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<EndpointWithLast | undefined> {
      const row = await endpointsWithLast(executor).where('e.id', '=', id).executeTakeFirst();
      return row;
    },

    async insertEndpoint(
      executor: Kysely<Database>,
      row: {
        id: string;
        url: string;
        description: string;
        events: string;
        secret: string;
        format: WebhookFormat;
        createdBy: string | null;
        now: number;
      },
    ): Promise<void> {
      await executor
        .insertInto('webhook_endpoints')
        .values({
          id: row.id,
          url: row.url,
          description: row.description,
          events: row.events,
          secret: row.secret,
          enabled: 1,
          format: row.format,
          created_by: row.createdBy,
          created_at: row.now,
          updated_at: row.now,
        })
        .execute();
    },

    async updateEndpoint(
      executor: Kysely<Database>,
      id: string,
      changes: Partial<
        Pick<EndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'format' | 'secret'>
      > & {
        updated_at: number;
      },
    ): Promise<boolean> {
      const result = await executor
        .updateTable('webhook_endpoints')
        .set(changes)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the endpoint and (cascade) its deliveries. */
    async deleteEndpoint(executor: Kysely<Database>, id: string): Promise<boolean> {
      const result = await executor
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Enabled endpoints (at most WEBHOOK_LIMITS.endpointsMax): who hears an event. */
    async enabledEndpoints(executor: Kysely<Database>): Promise<{ id: string; events: string }[]> {
      return executor
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('enabled', '=', 1)
        .execute();
    },

    /**
     * One pending delivery per endpoint, due now; an (endpoint, event) pair already stored is
     * left as it is (the unique constraint: a repeated fan-out adds nothing). Answers how many
     * went in.
     */
    async insertDeliveries(executor: Kysely<Database>, rows: NewDelivery[]): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await executor
        .insertInto('webhook_deliveries')
        .values(
          rows.map((row) => ({
            id: row.id,
            endpoint_id: row.endpointId,
            event_id: row.eventId,
            event_type: row.eventType,
            payload: row.payload,
            status: 'pending' as const,
            window_ends_at: row.windowEndsAt,
            next_attempt_at: row.now,
            created_at: row.now,
          })),
        )
        .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    /** Whether a delivery is due: a cheap read before taking the write lock to claim. */
    async hasDue(now: number): Promise<boolean> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Leases up to `limit` due deliveries of enabled endpoints nobody holds and counts the
     * attempt. PostgreSQL skips rows another claim holds; on SQLite the caller's IMMEDIATE
     * transaction makes this the only writer.
     */
    async claim(
      executor: Kysely<Database>,
      request: Lease & { limit: number },
    ): Promise<ClaimedWebhookDelivery[]> {
      const { now } = request;
      const picked = executor
        .selectFrom('webhook_deliveries as d')
        .select('d.id')
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<=', now)]))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('webhook_endpoints as e')
              .select('e.id')
              .whereRef('e.id', '=', 'd.endpoint_id')
              .where('e.enabled', '=', 1),
          ),
        )
        .orderBy('d.next_attempt_at')
        .limit(request.limit)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const rows = await executor
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          window_attempts: eb('window_attempts', '+', 1),
          claimed_until: now + request.leaseMs,
          claim_token: request.token,
        }))
        .where('id', 'in', picked)
        .returning([
          'id',
          'endpoint_id',
          'event_id',
          'event_type',
          'payload',
          'window_attempts',
          'window_ends_at',
        ])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        endpointId: row.endpoint_id,
        eventId: row.event_id,
        eventType: row.event_type,
        payload: row.payload,
        attempts: Number(row.window_attempts),
        deadline: Number(row.window_ends_at),
        token: request.token,
      }));
    },

    /** The endpoints of claimed deliveries: where to send and how to sign. */
    async endpointsByIds(ids: readonly string[]): Promise<EndpointRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('webhook_endpoints as e')
        .select(endpointColumns)
        .where('e.id', 'in', ids)
        .execute();
    },

    /** Records an attempt's outcome and releases the lease; false when the claim was lost. */
    async recordAttempt(
      claim: Pick<ClaimedWebhookDelivery, 'id' | 'token'>,
      outcome: AttemptOutcome,
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          next_attempt_at: outcome.nextAttemptAt,
          last_attempt_at: outcome.at,
          response_status: outcome.responseStatus,
          duration_ms: outcome.durationMs,
          response_excerpt: outcome.responseExcerpt,
          error: outcome.error,
          claimed_until: null,
          claim_token: null,
        })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Pending deliveries of disabled endpoints whose window ended (nothing is sent while an
     * endpoint is disabled): failed, with why.
     */
    async failOverdue(now: number, error: string): Promise<number> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, error })
        .where('status', '=', 'pending')
        .where('window_ends_at', '<', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .where('endpoint_id', 'in', (eb) =>
          eb.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 0),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Deletes up to `limit` finished deliveries created before `before`; answers how many. */
    async deleteFinishedBefore(before: number, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('webhook_deliveries')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('webhook_deliveries as old')
            .select('old.id')
            .where('old.status', 'in', ['succeeded', 'failed'])
            .where('old.created_at', '<', before)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async countDeliveries(endpointId: string, status?: WebhookDeliveryStatus): Promise<number> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('endpoint_id', '=', endpointId)
        .$if(status !== undefined, (qb) => qb.where('status', '=', status ?? 'pending'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** An endpoint's log, newest first. */
    async listDeliveries(
      endpointId: string,
      filter: { status?: WebhookDeliveryStatus; limit: number; offset: number },
    ): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .$if(filter.status !== undefined, (qb) =>
          qb.where('status', '=', filter.status ?? 'pending'),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
    },

    async findDelivery(
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<DeliveryRow | undefined> {
      return executor
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** "Reenviar": pending and due now, a fresh retry window, the lease dropped. */
    async resend(
      executor: Kysely<Database>,
      id: string,
      now: number,
      windowEndsAt: number,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('webhook_deliveries')
        .set({
          status: 'pending',
          next_attempt_at: now,
          window_ends_at: windowEndsAt,
          window_attempts: 0,
          claimed_until: null,
          claim_token: null,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    // The facts an event's public body names, read in the fan-out's transaction.

    async usersByIds(executor: Kysely<Database>, ids: readonly string[]): Promise<UserFacts[]> {
      if (ids.length === 0) return [];
      return executor
        .selectFrom('users')
        .select(['id', 'username', 'email', 'role'])
        .where('id', 'in', ids)
        .execute();
    },

    async product(
      executor: Kysely<Database>,
      id: string,
    ): Promise<{ id: string; name: string } | undefined> {
      return executor
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async subscription(
      executor: Kysely<Database>,
      id: string,
    ): Promise<SubscriptionFacts | undefined> {
      const row = await executor
        .selectFrom('subscriptions as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select([
          's.id',
          's.user_id',
          's.product_id',
          'p.name as product_name',
          's.status',
          's.expires_at',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          userId: row.user_id,
          productId: row.product_id,
          productName: row.product_name,
          status: row.status,
          expiresAt: row.expires_at === null ? null : Number(row.expires_at),
        }
      );
    },

    async keyValue(executor: Kysely<Database>, id: string): Promise<string | undefined> {
      const row = await executor
        .selectFrom('license_keys')
        .select('key')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.key;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
