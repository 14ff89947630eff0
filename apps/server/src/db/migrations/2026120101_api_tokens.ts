import type { Kysely } from 'kysely';

/**
 * Seller automation:
 *
 * - `api_tokens`: the tokens admins and resellers create for `/api/v1`. Only the sha256 of the
 *   whole token is kept (unique: the guard finds a token by it); `prefix` is its recognisable
 *   start for the list. `scopes` is space-separated. Deleting the owner deletes the tokens.
 * - `api_idempotency_keys`: the `Idempotency-Key` of a v1 POST per token owner, with the
 *   request's fingerprint and, once answered, its status and body to replay. `status_code` null
 *   means the request is still running (until `locked_until`).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_used_ip', 'text')
    .execute();
  await db.schema
    .createIndex('api_tokens_token_hash_unique')
    .on('api_tokens')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('api_tokens_owner_id_created_at_idx')
    .on('api_tokens')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('api_idempotency_keys')
    .addColumn('owner_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('locked_until', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('api_idempotency_keys_pk', ['owner_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('api_idempotency_keys_created_at_idx')
    .on('api_idempotency_keys')
    .column('created_at')
    .execute();
}
