import type { Kysely } from 'kysely';

/**
 * The reseller's own key list: newest first with `id` breaking ties, unfiltered or by status
 * (see 2026112303_paged_lists). The status index also gives the dashboard's counts per status
 * from the index alone. The (created_by, created_at, id) index replaces the narrower one.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'license_keys', ['created_by', 'created_at', 'id']);
  await db.schema.dropIndex('license_keys_created_by_created_at_idx').execute();
  await index(db, 'license_keys', ['created_by', 'status', 'created_at', 'id']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function index(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}
