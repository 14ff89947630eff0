import type { ApiTokenScope } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS, productStatusMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'dono_da_loja' });
});
afterAll(() => t.close());

/** A seller API token of `user` holding `scopes`, created as its owner creates one on the site. */
async function tokenOf(user: TestUser, scopes: ApiTokenScope[]) {
  const response = await t
    .as(() => t.tokenFor(user))
    .post('/api/api-tokens', {
      name: 'status',
      scopes,
    });
  if (response.statusCode !== 201) throw new Error(`token not created: ${response.body}`);
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}

function patchStatus(productId: string, headers: object, payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/products/${productId}/status`,
    headers: { ...headers },
    payload,
  });
}

describe('PATCH /api/v1/products/:id/status', () => {
  it('switches the status as the console does, freezing time, and logs it as the API', async () => {
    const product = await t.fixtures.product({ name: 'Spoofer' });
    const client = await t.createUser();
    const sub = await t.fixtures.subscription(client.id, product.id, {
      expiresAt: t.clock.now() + 3 * DAY,
    });
    const headers = await tokenOf(admin, ['products:write']);

    const down = await patchStatus(product.id, headers, {
      status: 'unavailable',
      note: 'Fora do ar após o patch',
      reason: 'monitor automático',
    });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      subscriptionsAffected: 1,
      product: { id: product.id, operational: { status: 'unavailable' } },
    });
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ paused_by: 'product' });
    const line = await t.database.db
      .selectFrom('activity')
      .select(['actor_name', 'action', 'type'])
      .where('target', '=', `product:${product.id}`)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(line.type).toBe('product.operational_changed');
    expect(line.actor_name).toBe('dono_da_loja');
    expect(line.action).toContain(
      productStatusMessages.logChanged(
        'Spoofer',
        PRODUCT_OPERATIONAL_LABELS.operational,
        PRODUCT_OPERATIONAL_LABELS.unavailable,
        'monitor automático',
      ),
    );

    t.clock.advance(DAY);
    const back = await patchStatus(product.id, headers, { status: 'operational' });
    expect(back.json()).toMatchObject({ subscriptionsAffected: 1, givenBackMs: DAY });
  });

  it('needs the products:write scope, which only an administrator can hold', async () => {
    const product = await t.fixtures.product();
    const readOnly = await tokenOf(admin, ['products:read']);
    const refused = await patchStatus(product.id, readOnly, { status: 'updating' });
    expect(refused.statusCode).toBe(403);

    const reseller = await t.createUser({ role: 'reseller' });
    const minted = await t
      .as(() => t.tokenFor(reseller))
      .post('/api/api-tokens', { name: 'x', scopes: ['products:write'] });
    expect(minted.statusCode).toBe(422);

    const anonymous = await patchStatus(product.id, {}, { status: 'updating' });
    expect(anonymous.statusCode).toBe(401);
    const row = await t.database.db
      .selectFrom('products')
      .select('operational_status')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.operational_status).toBe('operational');
  });

  it('answers bad input and unknown products in pt-BR', async () => {
    const headers = await tokenOf(admin, ['products:write']);
    const product = await t.fixtures.product();
    const bad = await patchStatus(product.id, headers, { status: 'down' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: productStatusMessages.statusInvalid });
    const unknown = await patchStatus('01900000-0000-7000-8000-000000000000', headers, {
      status: 'updating',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Produto não encontrado.' });
  });
});
