import type { Kysely } from 'kysely';

/**
 * The transactional outbox (docs/architecture.md, "Domain events and the outbox"): a domain
 * event is written in the transaction of the change it announces, with one delivery row per
 * handler subscribed to it, so each handler is retried, parked or done on its own.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    // JSON text: portable, and read only by the handlers of its type.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'bigint', (col) => col.notNull())
    .execute();
  // Retention deletes the oldest events first.
  await db.schema
    .createIndex('events_occurred_at_idx')
    .on('events')
    .column('occurred_at')
    .execute();

  await db.schema
    .createTable('event_deliveries')
    .addColumn('event_id', 'text', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('handler', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('claim_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'bigint')
    .addPrimaryKeyConstraint('event_deliveries_pk', ['event_id', 'handler'])
    .execute();
  // The poller's claim: pending deliveries whose next attempt is due, oldest first.
  await db.schema
    .createIndex('event_deliveries_status_next_attempt_at_idx')
    .on('event_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
