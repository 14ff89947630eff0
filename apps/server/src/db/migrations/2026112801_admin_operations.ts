import type { Kysely } from 'kysely';

/**
 * Admin operations. Activity rows gain a typed action (`type`, e.g. `user.banned`)
 * beside their pt-BR sentence, so the audit log filters by type; older rows are `legacy`. Each
 * account's sign-in addresses are kept (`user_logins`: first and last sign-in per IP), which
 * tells a login from a new IP and the customer page's last login. Machines keep the IP of their
 * last heartbeat.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activity')
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('legacy'))
    .execute();
  await db.schema
    .createIndex('activity_type_created_at_id_idx')
    .on('activity')
    .columns(['type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_actor_created_at_id_idx')
    .on('activity')
    .columns(['actor_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_target_created_at_id_idx')
    .on('activity')
    .columns(['target', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('activity_actor_id_idx').execute();

  await db.schema
    .createTable('user_logins')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('first_at', 'bigint', (col) => col.notNull())
    .addColumn('last_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_logins_pk', ['user_id', 'ip'])
    .execute();
  await db.schema
    .createIndex('user_logins_user_id_last_at_idx')
    .on('user_logins')
    .columns(['user_id', 'last_at'])
    .execute();

  await db.schema.alterTable('machines').addColumn('last_ip', 'text').execute();
}
