import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.settings;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

async function machinesOf(subscriptionId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('machines')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .execute();
  return rows.length;
}

describe('mass actions', () => {
  it('resets every HWID except admins and deletes every account except admins', async () => {
    const product = await t.fixtures.product();
    const otherAdmin = await t.createUser({ role: 'admin' });
    const client = await t.createUser();
    const reseller = await t.createUser({ role: 'reseller' });
    const idle = await t.createUser();
    const adminSub = await t.fixtures.subscription(otherAdmin.id, product.id);
    const clientSub = await t.fixtures.subscription(client.id, product.id);
    const resellerSub = await t.fixtures.subscription(reseller.id, product.id);
    await t.fixtures.subscription(idle.id, product.id);
    await t.fixtures.machine(adminSub.id, 'HW-ADMIN');
    await t.fixtures.machine(clientSub.id, 'HW-1');
    await t.fixtures.machine(clientSub.id, 'HW-2');
    await t.fixtures.machine(resellerSub.id, 'HW-3');

    const reset = await t.as(admin).post('/api/admin-actions/reset-all-hwids');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: text.hwidsReset(2), count: 2 });
    expect(await t.lastActivity()).toBe(text.logHwidsReset(2));
    expect(await machinesOf(adminSub.id)).toBe(1);
    expect(await machinesOf(clientSub.id)).toBe(0);
    expect(await machinesOf(resellerSub.id)).toBe(0);

    const deleted = await t.as(admin).post('/api/admin-actions/delete-all-users');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: text.usersDeleted(3), count: 3 });
    expect(await t.lastActivity()).toBe(text.logUsersDeleted(3));
    const left = await t.database.db.selectFrom('users').select(['id', 'role']).execute();
    expect(left.map((row) => row.role)).toEqual(['admin', 'admin']);
    expect(await t.fixtures.subscriptionRow(adminSub.id)).toBeDefined();
    expect(await t.fixtures.subscriptionRow(clientSub.id)).toBeUndefined();

    const again = await t.as(admin).post('/api/admin-actions/delete-all-users');
    expect(again.json()).toEqual({ message: text.usersDeleted(0), count: 0 });
    expect((await t.as(admin).post('/api/admin-actions/reset-all-hwids')).json()).toMatchObject({
      count: 0,
    });
  });
});
