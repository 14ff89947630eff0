import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../modules/users/index.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { newId } from '../core/ids.js';
import { migrateToLatest } from './migrate.js';

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const user = (username: string, email: string) => ({
    id: newId(),
    username,
    email,
    password_hash: 'not-a-real-hash',
    role: 'client' as const,
    status: 'active' as const,
    created_at: t.clock.now(),
  });

  it('is a no-op when run again on a migrated database', async () => {
    const users = createUsersRepository(t.database.db);
    const row = user('kept', 'kept@example.com');
    await users.insert(row);

    await migrateToLatest(t.database);

    expect(await users.findById(row.id)).toMatchObject({ username: 'kept' });
  });

  it('creates the default settings', async () => {
    const settings = await t.database.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .orderBy('key')
      .execute();
    expect(settings).toEqual([
      { key: 'maintenance_mode', value: 'off' },
      { key: 'pause_all_users', value: 'off' },
      { key: 'pix_beneficiary', value: '' },
      { key: 'pix_key', value: '' },
      { key: 'reseller_discount_bp', value: '0' },
      { key: 'server_status', value: 'online' },
    ]);
  });

  it('keeps usernames and emails unique regardless of case', async () => {
    const users = createUsersRepository(t.database.db);
    await users.insert(user('admin2', 'first@example.com'));

    await expect(users.insert(user('Admin2', 'second@example.com'))).rejects.toThrow();
    await expect(users.insert(user('other', 'FIRST@example.com'))).rejects.toThrow();
    await expect(users.insert(user('other', 'other@example.com'))).resolves.toBeUndefined();
  });

  it('returns bigint columns as JavaScript numbers', async () => {
    const users = createUsersRepository(t.database.db);
    const row = user('numbers', 'numbers@example.com');
    await users.insert(row);

    const stored = await users.findById(row.id);

    expect(stored?.created_at).toBe(row.created_at);
    expect(typeof stored?.balance_cents).toBe('number');
  });

  it('enforces foreign keys and cascades', async () => {
    const db = t.database.db;
    const users = createUsersRepository(db);
    const owner = user('owner', 'owner@example.com');
    await users.insert(owner);
    const now = t.clock.now();
    const productId = newId();
    await db
      .insertInto('products')
      .values({
        id: productId,
        name: 'Produto',
        description: '',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const subscriptionId = newId();
    await db
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        user_id: owner.id,
        product_id: productId,
        status: 'active',
        expires_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();

    await expect(
      db
        .insertInto('subscriptions')
        .values({
          id: newId(),
          user_id: 'missing-user',
          product_id: productId,
          status: 'active',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();

    await db.deleteFrom('users').where('id', '=', owner.id).execute();
    const left = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('refuses a negative balance', async () => {
    const users = createUsersRepository(t.database.db);
    await expect(
      users.insert({ ...user('negative', 'negative@example.com'), balance_cents: -1 }),
    ).rejects.toThrow();
  });
});
