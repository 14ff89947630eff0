import { afterAll, describe, expect, it } from 'vitest';
import type { MigratedDatabase } from '../../testing/migrated-database.js';
import { databaseMigratedTo } from '../../testing/migrated-database.js';
import { newId } from '../core/ids.js';
import { migrateToLatest } from './migrate.js';

/**
 * 2026120201_keyauth makes users.email optional. On SQLite that rebuilds the users table: on a
 * database at the previous head holding users and what references them, every row survives,
 * the unique indexes still hold, and foreign keys are on and cascade again afterwards.
 */
describe('keyauth migration over existing accounts', () => {
  let migrated: MigratedDatabase | undefined;
  afterAll(() => migrated?.close());

  it('keeps every user and their rows, and lets a new account have no e-mail', async () => {
    migrated = await databaseMigratedTo('2026120103_webhooks');
    const { database, raw } = migrated;
    const now = Date.now();
    const userId = newId();
    const productId = newId();
    const subscriptionId = newId();
    await raw
      .insertInto('users')
      .values({
        id: userId,
        username: 'Antigo',
        username_lower: 'antigo',
        email: 'Antigo@Example.com',
        email_lower: 'antigo@example.com',
        password_hash: 'x',
        role: 'client',
        status: 'active',
        balance_cents: 1234,
        created_at: now,
      })
      .execute();
    await raw
      .insertInto('products')
      .values({
        id: productId,
        name: 'P',
        description: '',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await raw
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        user_id: userId,
        product_id: productId,
        status: 'active',
        expires_at: now + 86_400_000,
        created_at: now,
        updated_at: now,
      })
      .execute();

    await migrateToLatest(database);

    const db = database.db;
    expect(
      await db
        .selectFrom('users')
        .select(['username', 'email', 'email_lower', 'balance_cents'])
        .where('id', '=', userId)
        .executeTakeFirst(),
    ).toEqual({
      username: 'Antigo',
      email: 'Antigo@Example.com',
      email_lower: 'antigo@example.com',
      balance_cents: 1234,
    });
    const user = (username: string, email: string | null) => ({
      id: newId(),
      username,
      username_lower: username.toLowerCase(),
      email,
      email_lower: email?.toLowerCase() ?? null,
      password_hash: 'x',
      role: 'client' as const,
      status: 'active' as const,
      created_at: now,
    });
    // Two accounts without an address do not collide; the unique indexes still hold.
    await db.insertInto('users').values(user('sem_email_1', null)).execute();
    await db.insertInto('users').values(user('sem_email_2', null)).execute();
    await expect(
      db.insertInto('users').values(user('outro', 'ANTIGO@example.com')).execute(),
    ).rejects.toThrow();
    await expect(db.insertInto('users').values(user('ANTIGO', null)).execute()).rejects.toThrow();
    // A balance can still never go below zero.
    await expect(
      db.updateTable('users').set({ balance_cents: -1 }).where('id', '=', userId).execute(),
    ).rejects.toThrow();
    // Foreign keys are enforced and cascade: the subscription goes with its user.
    await expect(
      db
        .insertInto('subscriptions')
        .values({
          id: newId(),
          user_id: 'nobody',
          product_id: productId,
          status: 'active',
          expires_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(
      await db.selectFrom('subscriptions').select('id').where('id', '=', subscriptionId).execute(),
    ).toEqual([]);
  });
});
