import type { Kysely } from 'kysely';

/**
 * `job_leases`: which process runs each periodic job's timer. A process holds a
 * job's lease until `expires_at` (epoch ms, as every time column here) and renews it at each tick;
 * a process that died stops renewing and another takes the job over once the lease lapsed. A
 * process shutting down deletes its rows, so the takeover is at the next tick of another.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}
