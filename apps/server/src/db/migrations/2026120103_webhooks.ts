import type { Kysely } from 'kysely';

/**
 * Outgoing webhooks:
 *
 * - `webhook_endpoints`: where the admin wants events sent, which ones, the signing secret and
 *   the body format (`json`, or `discord` for a Discord webhook URL).
 * - `webhook_deliveries`: one row per (endpoint, event), with the exact JSON body, the retry
 *   state, the lease of the dispatcher that holds it and the last attempt's outcome. The
 *   (status, next_attempt_at) index finds due deliveries; (endpoint_id, created_at, id) pages
 *   an endpoint's log newest first and finds its latest delivery.
 * - `subscription_expiries`: each (subscription, expiry) already announced as
 *   `subscription.expired`, so the expiry pass records it once.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // JSON array of public event types.
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_created_at_idx')
    .on('webhook_endpoints')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'text', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Attempts since the retry window opened (creation or the last "reenviar"): the backoff's exponent.
    .addColumn('window_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('window_ends_at', 'bigint', (col) => col.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('claim_token', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('webhook_deliveries_endpoint_event_key', ['endpoint_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_log_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('subscription_expiries')
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('recorded_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('subscription_expiries_pk', ['subscription_id', 'expires_at'])
    .execute();
}
