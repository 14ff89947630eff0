import type { Kysely } from 'kysely';

/**
 * Paged lists: every list pages newest first with `id` breaking ties (`order by created_at desc,
 * id desc`), and each filter a list offers gets an index in exactly that order, so a page is an
 * index range read from its start: no sort, and the ids to skip (OFFSET) read from the index
 * alone. Without `id` in the index, all rows sharing the first page's `created_at` were read and
 * sorted (11 000 keys per day in the 1 000 000-key benchmark). Each index replaces the one it
 * extends, which served nothing the new one does not.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Admin user table (all users; by role for the resellers screen and the admin count).
  await replace(db, 'users', ['created_at', 'id'], 'users_created_at_idx');
  await replace(db, 'users', ['role', 'created_at', 'id'], 'users_role_created_at_idx');

  // Key table: no filter, status, product, product and status. The ranges also give each
  // filter's count from the index alone.
  await replace(db, 'license_keys', ['created_at', 'id'], 'license_keys_created_at_idx');
  await replace(
    db,
    'license_keys',
    ['status', 'created_at', 'id'],
    'license_keys_status_created_at_idx',
  );
  await index(db, 'license_keys', ['product_id', 'created_at', 'id']);
  await replace(
    db,
    'license_keys',
    ['product_id', 'status', 'created_at', 'id'],
    'license_keys_product_id_status_created_at_idx',
  );

  // A reseller's balance ledger.
  await replace(
    db,
    'balance_ledger',
    ['user_id', 'created_at', 'id'],
    'balance_ledger_user_id_created_at_idx',
  );

  // Bypass UIDs and their API keys had no index for their order at all.
  await index(db, 'bypass_uids', ['created_at', 'id']);
  await index(db, 'bypass_api_keys', ['created_at', 'id']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function index(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}

/** Creates the index, then drops the narrower one it makes redundant. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function replace(db: Kysely<any>, table: string, columns: string[], old: string) {
  await index(db, table, columns);
  await db.schema.dropIndex(old).execute();
}
