import type { Kysely } from 'kysely';

/**
 * Sorted user lists: the user table sorts by creation, username, balance or status,
 * both ways, filtered by role and/or status. Each sort gets one index in its order with `id`
 * breaking ties and the role and status carried along, so any filter pages and counts from the
 * index alone: the rows a deep OFFSET skips are index entries, never table rows, and only the
 * page's ids are then read from the table. Each has a twin prefixed by the role (the role filter,
 * and the resellers screen's balance sort); the created_at ones replace the narrower
 * (created_at, id) and (role, created_at, id). Key sorts (status, product) already have their
 * indexes (2026112410_licences).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'users', ['created_at', 'id', 'role', 'status']);
  await db.schema.dropIndex('users_created_at_id_idx').execute();
  await index(db, 'users', ['username_lower', 'id', 'role', 'status']);
  await index(db, 'users', ['balance_cents', 'id', 'role', 'status']);
  await index(db, 'users', ['status', 'created_at', 'id', 'role']);
  // The same per role (the role filter, and the resellers screen), status carried along.
  await index(db, 'users', ['role', 'created_at', 'id', 'status']);
  await db.schema.dropIndex('users_role_created_at_id_idx').execute();
  await index(db, 'users', ['role', 'username_lower', 'id', 'status']);
  await index(db, 'users', ['role', 'balance_cents', 'id', 'status']);
  await index(db, 'users', ['role', 'status', 'created_at', 'id']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function index(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}
