import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.js';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.js';

// Accounts made by a KeyAuth import or KeyAuth's `register` may have no e-mail:
// every screen that shows an account must answer for them (a response schema refusing the null
// would make the route answer 500), and the account can add an address later.
let t: TestApp;
let inbox: SmtpInbox;
let admin: TestUser;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url } });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

/** A signed-in account whose e-mail is gone, verified at its creation as the import leaves it. */
async function accountWithoutEmail(
  input: { username?: string; role?: 'client' | 'reseller' } = {},
): Promise<TestUser> {
  const user = await t.createUser(input);
  await t.database.db
    .updateTable('users')
    .set((eb) => ({ email: null, email_lower: null, email_verified_at: eb.ref('created_at') }))
    .where('id', '=', user.id)
    .execute();
  return user;
}

describe('an account without e-mail on the admin screens', () => {
  let client: TestUser;
  let reseller: TestUser;
  let orderId: string;

  beforeAll(async () => {
    client = await accountWithoutEmail({ username: 'sem_email_cliente' });
    reseller = await accountWithoutEmail({ username: 'sem_email_revenda', role: 'reseller' });
    // A deposit and a purchase of its own, for the deposits list and the receipt.
    const product = await t.fixtures.product({ plans: { monthly: 1000 } });
    await t.database.db
      .updateTable('users')
      .set({ balance_cents: 5_000 })
      .where('id', '=', client.id)
      .execute();
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/shop/purchase',
      headers: client.headers,
      payload: { productId: product.id, durationType: 'monthly' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const orders = await t.as(client).get('/api/orders');
    orderId = orders.json<{ items: { id: string }[] }>().items[0]?.id ?? '';
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/payment-settings',
      headers: admin.headers,
      payload: {
        pix_key: 'pix@chaveiro.com.br',
        pix_beneficiary: 'Chaveiro Tecnologia LTDA',
        pix_city: 'São Paulo',
      },
    });
    const deposited = await t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      headers: client.headers,
      payload: { amount: 25 },
    });
    expect(deposited.statusCode, deposited.body).toBe(201);
  });

  it('lists it among the users and in the search, with a null e-mail', async () => {
    const list = await t.as(admin).get('/api/users?search=sem_email_cliente');
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain('"email":null');

    const search = await t.as(admin).get('/api/admin/search?q=sem_email');
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain('"email":null');

    const csv = await t.as(admin).get('/api/users/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('sem_email_cliente');
  });

  it('opens its customer page', async () => {
    const overview = await t.as(admin).get(`/api/users/${client.id}/overview`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(JSON.stringify(overview.json())).toContain('"email":null');
    for (const tab of ['ledger', 'deposits', 'orders', 'redeemed-keys', 'tickets']) {
      expect((await t.as(admin).get(`/api/users/${client.id}/${tab}`)).statusCode, tab).toBe(200);
    }
  });

  it('lists a reseller without e-mail', async () => {
    const response = await t.as(admin).get('/api/resellers');
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.stringify(response.json())).toContain('sem_email_revenda');
    expect((await t.as(admin).get(`/api/resellers/${reseller.id}/ledger`)).statusCode).toBe(200);
  });

  it('answers the seller API lookup of the account', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: admin.headers,
      payload: { name: 'loja', scopes: ['users:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/lookup?username=sem_email_cliente',
      headers: { authorization: `Bearer ${created.json<{ token: string }>().token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: client.id, email: null });
  });

  it('lists its deposit for the admin, and its receipt for itself', async () => {
    const deposits = await t.as(admin).get('/api/admin/deposits');
    expect(deposits.statusCode, deposits.body).toBe(200);
    expect(JSON.stringify(deposits.json())).toContain('"email":null');
    const receipt = await t.as(client).get(`/api/orders/${orderId}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ buyer: { username: 'sem_email_cliente', email: null } });
  });
});

describe('an account without e-mail on its own pages', () => {
  it('shows a null e-mail on the profile and adds one through the confirmation link', async () => {
    const user = await accountWithoutEmail({ username: 'sem_email_lia' });
    const before = await t.as(user).get('/api/profile');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ email: null, pending_email: null });

    const asked = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload: { email: 'lia-nova@example.com', currentPassword: user.password },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      email: null,
      pending_email: 'lia-nova@example.com',
    });

    const mail = await inbox.waitFor('lia-nova@example.com');
    const link = new URL(inbox.linkIn(mail, '/verify-email?token='));
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email${link.search}`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      email: 'lia-nova@example.com',
      pending_email: null,
    });
    // No notice went to an old address: there was none.
    expect(inbox.mails.filter((sent) => sent.to.includes('null'))).toEqual([]);

    // The new address now signs in and resets the password like any other.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'lia-nova@example.com', password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('signs in by username and asks for a reset without crashing', async () => {
    const user = await accountWithoutEmail({ username: 'sem_email_rui' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'sem_email_rui', password: user.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    // A reset is asked by e-mail: for an account without one there is nothing to find, and
    // the answer is the same as for any unknown address.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'sem_email_rui@example.com' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ message: string }>().message).toBe(messages.auth.resetLinkSent);
  });
});
