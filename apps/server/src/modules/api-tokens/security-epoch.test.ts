import type { ApiToken, ApiTokenRevokedReason, SecurityEpochReason } from '@chaveiro/contract';
import { apiTokenMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.js';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.js';

/**
 * API tokens belong to their owner's security epoch: a password reset or change, an e-mail
 * change undone, a ban and a role change each revoke every token the account holds, through
 * the real flows, and the owner is told once by e-mail.
 */
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

const INVALID = { message: apiTokenMessages.invalid, code: 'API_TOKEN_INVALID' };

/** A session of the account in its current epoch (what a fresh login would give). */
async function sessionOf(user: TestUser) {
  const { token_version, role } = await t.database.db
    .selectFrom('users')
    .select(['token_version', 'role'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const token = await t.tokenFor({ ...user, role, tokenVersion: token_version });
  return { authorization: `Bearer ${token}` };
}

async function mint(user: TestUser, name: string) {
  const created = await t.as(await sessionOf(user)).post('/api/api-tokens', {
    name,
    scopes: ['products:read'],
  });
  expect(created.statusCode).toBe(201);
  const body = created.json<{ token: string; apiToken: ApiToken }>();
  return { id: body.apiToken.id, prefix: body.apiToken.prefix, token: body.token };
}

function products(token: string) {
  return t.as(token).get('/api/v1/products');
}

async function listed(user: TestUser, id: string): Promise<ApiToken | undefined> {
  const response = await t.as(await sessionOf(user)).get('/api/api-tokens?pageSize=100');
  expect(response.statusCode).toBe(200);
  return response.json<{ items: ApiToken[] }>().items.find((token) => token.id === id);
}

/**
 * The token answers the v1 API's 401 at once, and is listed revoked with `reason` once the
 * handlers after the answer ran.
 */
async function expectEnded(
  user: TestUser,
  token: { id: string; token: string },
  reason: ApiTokenRevokedReason,
) {
  const refused = await products(token.token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual(INVALID);
  await t.app.outbox.idle();
  expect(await listed(user, token.id)).toMatchObject({
    status: 'revoked',
    revokedAt: new Date(t.clock.now()).toISOString(),
    revokedReason: reason,
  });
}

/** The revocation mail to `to`, naming the tokens and the reason; sent exactly once. */
async function expectRevocationMail(
  to: string,
  reason: SecurityEpochReason,
  tokens: { name: string; prefix: string }[],
) {
  for (;;) {
    const mail = await inbox.waitFor(to);
    if (mail.subject !== apiTokenMessages.epochMailSubject) continue;
    const labels = tokens.map((token) => apiTokenMessages.mailTokenLabel(token.name, token.prefix));
    expect(mail.body).toContain(apiTokenMessages.epochMailBody(reason, labels));
    break;
  }
  await t.app.outbox.drain();
  const sent = inbox.mails.filter(
    (mail) =>
      mail.to.includes(to.toLowerCase()) && mail.subject === apiTokenMessages.epochMailSubject,
  );
  expect(sent).toHaveLength(1);
}

describe('the end of a security epoch revokes every API token of the account', () => {
  it('a password reset through the mailed link', async () => {
    const owner = await t.createUser({ role: 'reseller' });
    const shop = await mint(owner, 'Loja');
    const intruders = await mint(owner, 'Script do intruso');
    expect((await products(intruders.token)).statusCode).toBe(200);

    await t.anonymous.post('/api/auth/forgot-password', { email: owner.email });
    const link = inbox.linkIn(await inbox.waitFor(owner.email), '/reset-password?token=');
    const reset = await t.anonymous.post('/api/auth/reset-password', {
      token: new URL(link).searchParams.get('token') ?? '',
      password: 'senha-nova-do-dono',
    });
    expect(reset.statusCode).toBe(200);

    await expectEnded(owner, shop, 'password_reset');
    await expectEnded(owner, intruders, 'password_reset');
    await expectRevocationMail(owner.email, 'password_reset', [
      { name: 'Loja', prefix: shop.prefix },
      { name: 'Script do intruso', prefix: intruders.prefix },
    ]);
    // A token minted in the new epoch answers.
    const fresh = await mint(owner, 'Loja nova');
    expect((await products(fresh.token)).statusCode).toBe(200);
  });

  it('a password change in the profile', async () => {
    const owner = await t.createUser({ role: 'admin' });
    const bot = await mint(owner, 'Bot');
    const changed = await t.as(await sessionOf(owner)).patch('/api/profile/password', {
      currentPassword: owner.password,
      newPassword: 'outra-senha-forte',
    });
    expect(changed.statusCode).toBe(200);

    await expectEnded(owner, bot, 'password_changed');
    await expectRevocationMail(owner.email, 'password_changed', [
      { name: 'Bot', prefix: bot.prefix },
    ]);
  });

  it('an e-mail change undone from the old address, whose owner is told there', async () => {
    const owner = await t.createUser({ role: 'reseller', email: 'dono-antigo@example.com' });
    const asked = await t.as(await sessionOf(owner)).patch('/api/profile', {
      email: 'intruso@example.com',
      currentPassword: owner.password,
    });
    expect(asked.statusCode).toBe(200);
    const confirm = new URL(
      inbox.linkIn(await inbox.waitFor('intruso@example.com'), '/verify-email?token='),
    );
    expect((await t.anonymous.get(`/api/auth/verify-email${confirm.search}`)).statusCode).toBe(200);
    // The intruder, now holding the account, mints a token for itself.
    const intruders = await mint(owner, 'Porta dos fundos');
    expect((await products(intruders.token)).statusCode).toBe(200);

    const undo = new URL(inbox.linkIn(await inbox.waitFor(owner.email), '/verify-email?token='));
    expect((await t.anonymous.get(`/api/auth/verify-email${undo.search}`)).statusCode).toBe(200);

    await expectEnded(owner, intruders, 'email_restored');
    await expectRevocationMail('dono-antigo@example.com', 'email_restored', [
      { name: 'Porta dos fundos', prefix: intruders.prefix },
    ]);
    expect(
      inbox.mails.some(
        (mail) =>
          mail.to.includes('intruso@example.com') &&
          mail.subject === apiTokenMessages.epochMailSubject,
      ),
    ).toBe(false);
  });

  it('a ban, and the unban later revives nothing', async () => {
    const owner = await t.createUser({ role: 'reseller' });
    const shop = await mint(owner, 'Loja');
    const banned = await t.as(admin).patch(`/api/users/${owner.id}/status`, {
      status: 'banned',
    });
    expect(banned.statusCode).toBe(200);
    const refused = await products(shop.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID);

    const unbanned = await t.as(admin).patch(`/api/users/${owner.id}/status`, {
      status: 'active',
    });
    expect(unbanned.statusCode).toBe(200);
    await expectEnded(owner, shop, 'banned');
    await expectRevocationMail(owner.email, 'banned', [{ name: 'Loja', prefix: shop.prefix }]);
  });

  it('a role change: a promotion does not bring back a token held under an earlier role', async () => {
    const owner = await t.createUser({ role: 'reseller' });
    const shop = await mint(owner, 'Loja');
    // No route demotes a reseller: an operator did it by hand, which ends nothing by itself.
    await t.database.db
      .updateTable('users')
      .set({ role: 'client' })
      .where('id', '=', owner.id)
      .execute();
    expect((await products(shop.token)).statusCode).toBe(401);

    const promoted = await t.as(admin).post('/api/resellers', {
      type: 'existing',
      userId: owner.id,
      initialBalance: 0,
    });
    expect(promoted.statusCode).toBe(201);

    await expectEnded(owner, shop, 'role_changed');
    await expectRevocationMail(owner.email, 'role_changed', [
      { name: 'Loja', prefix: shop.prefix },
    ]);
  });

  it('a revoked or expired token is left as it was, and a token of the new epoch answers', async () => {
    const owner = await t.createUser({ role: 'reseller' });
    const revoked = await mint(owner, 'Revogado antes');
    const undone = await t.as(await sessionOf(owner)).delete(`/api/api-tokens/${revoked.id}`);
    expect(undone.statusCode).toBe(200);
    const revokedAt = new Date(t.clock.now()).toISOString();
    t.clock.advance(60_000);

    await t.as(admin).patch(`/api/users/${owner.id}/status`, { status: 'banned' });
    await t.as(admin).patch(`/api/users/${owner.id}/status`, { status: 'active' });
    await t.app.outbox.idle();
    expect(await listed(owner, revoked.id)).toMatchObject({
      status: 'revoked',
      revokedAt,
      revokedReason: 'owner',
    });
    // Nothing live was revoked: no mail.
    await t.app.outbox.drain();
    expect(
      inbox.mails.some(
        (mail) =>
          mail.to.includes(owner.email) && mail.subject === apiTokenMessages.epochMailSubject,
      ),
    ).toBe(false);
    const fresh = await mint(owner, 'Depois do banimento');
    expect((await products(fresh.token)).statusCode).toBe(200);
  });
});

describe('the guard', () => {
  it('refuses a token of an earlier epoch even before anything marked it revoked', async () => {
    const owner = await t.createUser({ role: 'reseller' });
    const shop = await mint(owner, 'Loja');
    // Whatever raises token_version ends the epoch, however it is done.
    await t.database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', owner.id)
      .execute();
    const refused = await products(shop.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID);
    expect(await listed(owner, shop.id)).toMatchObject({ status: 'revoked', revokedReason: null });
  });
});
