import { messages, XP_RULES } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function cards(user: TestUser) {
  const response = await t.as(user).get('/api/client/dashboard');
  expect(response.statusCode).toBe(200);
  return response.json<{
    subscriptions: { subscription_id: string; [field: string]: unknown }[];
    [field: string]: unknown;
  }>();
}

describe('my subscriptions', () => {
  it('lists only the caller’s subscriptions with every card field', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const product = await t.fixtures.product({ name: 'Aimbot Pro' });
    const sub = await t.fixtures.subscription(user.id, product.id, {
      expiresAt: t.clock.now() + 2.5 * DAY,
    });
    await t.fixtures.machine(sub.id, 'HWID-AAA', t.clock.now() - 30_000);
    await t.fixtures.subscription(other.id, product.id);

    const dashboard = await cards(user);
    expect(dashboard).toMatchObject({
      balance: 0,
      xp: 0,
      rank: { rank: 'Bronze', next: { rank: 'Prata', remaining: 500 } },
      server_status: 'online',
      daily_bonus_available_at: null,
    });
    expect(dashboard.subscriptions).toEqual([
      {
        subscription_id: sub.id,
        product_name: 'Aimbot Pro',
        subscription_status: 'active',
        expires_at: new Date(t.clock.now() + 2.5 * DAY).toISOString(),
        days_remaining: 3,
        is_expired: false,
        hwid: 'HWID-AAA',
        last_seen_at: new Date(t.clock.now() - 30_000).toISOString(),
        is_online: true,
        pause_credits: 3,
        hwid_reset_credits: 3,
        max_devices: 1,
        paused_by_admin: false,
        frozen_by_product: false,
        product_status: {
          status: 'operational',
          note: null,
          time_frozen: false,
          since: new Date(t.clock.now()).toISOString(),
        },
        given_back: null,
        machines: [
          {
            id: expect.any(String) as string,
            hwid: 'HWID-AAA',
            bound_at: new Date(t.clock.now() - 30_000).toISOString(),
            last_seen_at: new Date(t.clock.now() - 30_000).toISOString(),
            is_online: true,
            free_release: true,
          },
        ],
        // No minute sampled yet: 30 days of zeros ending today (São Paulo).
        online_minutes_30d: 0,
        usage_days: Array.from({ length: 30 }, (_, i) => ({
          day: new Date(Date.UTC(2025, 11, 17 + i)).toISOString().slice(0, 10),
          minutes: 0,
        })),
        loader: null,
      },
    ]);
  });

  it('shows a machine silent for over 90 s as offline and an old subscription as expired', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const sub = await t.fixtures.subscription(user.id, product.id, {
      expiresAt: t.clock.now() - DAY,
    });
    await t.fixtures.machine(sub.id, 'HWID-OLD', t.clock.now() - 91_000);
    const [card] = (await cards(user)).subscriptions;
    expect(card).toMatchObject({ is_online: false, is_expired: true, days_remaining: 0 });
  });

  it('is for clients and resellers only', async () => {
    expect((await t.anonymous.get('/api/client/dashboard')).statusCode).toBe(401);
    const admin = await t.createUser({ role: 'admin' });
    expect((await t.as(admin).get('/api/client/dashboard')).statusCode).toBe(403);
    const reseller = await t.createUser({ role: 'reseller' });
    expect((await t.as(reseller).get('/api/client/dashboard')).statusCode).toBe(200);
  });
});

describe("the product's status on the card", () => {
  it('shows the status, the note and a frozen clock while the product is down, and no admin pause', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const since = t.clock.now() - 3 * 60 * 60 * 1000;
    await t.fixtures.productOperational(product.id, {
      status: 'updating',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      since,
    });
    const sub = await t.fixtures.subscription(user.id, product.id, {
      status: 'paused',
      pausedRemainingMs: 5 * DAY,
    });
    await t.fixtures.productFreeze(sub.id, { frozenSince: since });

    const [card] = (await cards(user)).subscriptions;
    expect(card).toMatchObject({
      subscription_status: 'paused',
      paused_by_admin: false,
      frozen_by_product: true,
      product_status: {
        status: 'updating',
        note: 'Detectado após a atualização do jogo; previsão 48 h',
        time_frozen: true,
        since: new Date(since).toISOString(),
      },
      given_back: null,
      // The frozen remainder, as any stopped clock shows it.
      expires_at: new Date(t.clock.now() + 5 * DAY).toISOString(),
    });
  });

  it('says the time is not frozen when the seller keeps it running, and an admin pause is still one', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    await t.fixtures.productOperational(product.id, { status: 'unavailable', freezeTime: false });
    const sub = await t.fixtures.subscription(user.id, product.id, { status: 'paused' });
    await t.database.db
      .updateTable('subscriptions')
      .set({ paused_by: 'global' })
      .where('id', '=', sub.id)
      .execute();

    const [card] = (await cards(user)).subscriptions;
    expect(card).toMatchObject({
      paused_by_admin: true,
      frozen_by_product: false,
      product_status: { status: 'unavailable', note: null, time_frozen: false },
    });
  });

  it('shows the time a freeze gave back for a week after it ended, then no more', async () => {
    const user = await t.createUser();
    const givenBackMs = 2 * DAY + 4 * 60 * 60 * 1000;
    const ages = { today: 0, lastDay: 7 * DAY, over: 7 * DAY + 1 };
    const ids = new Map<string, keyof typeof ages>();
    for (const [name, age] of Object.entries(ages) as [keyof typeof ages, number][]) {
      const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
      await t.fixtures.productFreeze(sub.id, {
        givenBackMs,
        givenBackAt: t.clock.now() - age,
      });
      ids.set(sub.id, name);
    }

    const shown = Object.fromEntries(
      (await cards(user)).subscriptions.map((card) => [
        ids.get(card.subscription_id) ?? card.subscription_id,
        card.given_back,
      ]),
    );
    expect(shown).toEqual({
      today: { ms: givenBackMs, at: new Date(t.clock.now()).toISOString() },
      lastDay: { ms: givenBackMs, at: new Date(t.clock.now() - 7 * DAY).toISOString() },
      over: null,
    });
  });

  it('shows nothing given back when the latest freeze gave back nothing', async () => {
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    await t.fixtures.productFreeze(sub.id, { givenBackMs: 0 });
    const [card] = (await cards(user)).subscriptions;
    expect(card?.given_back).toBeNull();
  });
});

describe('pause and reactivate', () => {
  it('freezes the remaining time, spends a credit and restores the time on reactivation', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const sub = await t.fixtures.subscription(user.id, product.id, {
      expiresAt: t.clock.now() + 10 * DAY,
    });
    const url = `/api/client/subscriptions/${sub.id}/status`;

    const paused = await t.as(user).patch(url, { status: 'paused' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ message: messages.client.paused });
    t.clock.advance(5 * 60 * 60 * 1000);
    const [frozen] = (await cards(user)).subscriptions;
    expect(frozen).toMatchObject({ subscription_status: 'paused', pause_credits: 2 });
    expect(frozen?.expires_at).toBe(new Date(t.clock.now() + 10 * DAY).toISOString());

    const resumed = await t.as(user).patch(url, { status: 'active' });
    expect(resumed.statusCode).toBe(200);
    const row = await t.fixtures.subscriptionRow(sub.id);
    expect(row?.expires_at).toBe(t.clock.now() + 10 * DAY);
    expect(row).toMatchObject({ status: 'active', paused_remaining_ms: null, paused_by: null });
  });

  it('spends one pause credit for 20 simultaneous pauses, refusing the rest clearly', async () => {
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.as(user).patch(`/api/client/subscriptions/${sub.id}/status`, { status: 'paused' }),
      ),
    );

    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({
      status: 'paused',
      pause_credits: 2,
    });
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(messages.client.alreadyPaused);
    }
  });

  it('runs out of pause credits with the spec message', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const sub = await t.fixtures.subscription(user.id, product.id);
    const url = `/api/client/subscriptions/${sub.id}/status`;
    for (let round = 0; round < 3; round += 1) {
      expect((await t.as(user).patch(url, { status: 'paused' })).statusCode).toBe(200);
      expect((await t.as(user).patch(url, { status: 'active' })).statusCode).toBe(200);
    }
    const refused = await t.as(user).patch(url, { status: 'paused' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Você não possui créditos de pausa.',
      code: 'NO_PAUSE_CREDITS',
    });
  });

  it('refuses to pause an expired subscription or to resume one the admin paused', async () => {
    const user = await t.createUser();
    const expired = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id, {
      expiresAt: t.clock.now() - 1,
    });
    const late = await t.as(user).patch(`/api/client/subscriptions/${expired.id}/status`, {
      status: 'paused',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(messages.client.expiredCannotPause);

    const globallyPaused = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id, {
      status: 'paused',
    });
    await t.database.db
      .updateTable('subscriptions')
      .set({ paused_by: 'global' })
      .where('id', '=', globallyPaused.id)
      .execute();
    const resume = await t
      .as(user)
      .patch(`/api/client/subscriptions/${globallyPaused.id}/status`, { status: 'active' });
    expect(resume.statusCode).toBe(409);
    expect(resume.json<{ code: string }>().code).toBe('PAUSED_BY_ADMIN');
  });

  it('never touches another user’s subscription', async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const sub = await t.fixtures.subscription(owner.id, (await t.fixtures.product()).id);
    const response = await t.as(intruder).patch(`/api/client/subscriptions/${sub.id}/status`, {
      status: 'paused',
    });
    expect(response.statusCode).toBe(404);
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({
      status: 'active',
      pause_credits: 3,
    });
    const reset = await t.as(intruder).patch('/api/client/user/reset-hwid', {
      subscriptionId: sub.id,
    });
    expect(reset.statusCode).toBe(404);
  });

  it('refuses an unknown status value with 400', async () => {
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    const response = await t.as(user).patch(`/api/client/subscriptions/${sub.id}/status`, {
      status: 'forever',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('HWID reset', () => {
  it('frees the machines and spends a reset credit until none is left', async () => {
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    for (let round = 0; round < 3; round += 1) {
      await t.fixtures.machine(sub.id, `HWID-${round}`);
      const response = await t.as(user).patch('/api/client/user/reset-hwid', {
        subscriptionId: sub.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.client.hwidReset });
    }
    const [card] = (await cards(user)).subscriptions;
    expect(card).toMatchObject({ hwid: null, hwid_reset_credits: 0 });

    await t.fixtures.machine(sub.id, 'HWID-X');
    const refused = await t.as(user).patch('/api/client/user/reset-hwid', {
      subscriptionId: sub.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('Você não possui créditos de reset.');
  });

  it('acts on the only subscription when none is named, and asks when there are several', async () => {
    const user = await t.createUser();
    const first = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    await t.fixtures.machine(first.id, 'HWID-ONLY');
    const only = await t.as(user).patch('/api/client/user/reset-hwid');
    expect(only.json()).toEqual({ message: messages.client.hwidReset });

    await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    const ambiguous = await t.as(user).patch('/api/client/user/reset-hwid');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json<{ message: string }>().message).toBe(messages.client.chooseSubscription);
  });

  it.each([10, 100])(
    'spends exactly one credit for %i simultaneous resets, refusing the rest clearly',
    async (parallel) => {
      const user = await t.createUser();
      const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
      await t.fixtures.machine(sub.id, 'HWID-A');
      await t.fixtures.machine(sub.id, 'HWID-B');

      const responses = await Promise.all(
        Array.from({ length: parallel }, () =>
          t.as(user).patch('/api/client/user/reset-hwid', { subscriptionId: sub.id }),
        ),
      );

      expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ hwid_reset_credits: 2 });
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const refused of responses.filter((response) => response.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          message: messages.client.noHwidBound,
          code: 'NO_HWID_BOUND',
        });
      }
    },
  );

  it("keeps 'Último acesso' across a reset, by the customer or an admin", async () => {
    const user = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id, {
      maxDevices: 2,
    });
    const seen = t.clock.now() - 60_000;
    await t.fixtures.machine(sub.id, 'HWID-OLD', seen - 3_600_000);
    await t.fixtures.machine(sub.id, 'HWID-NEW', seen);

    const reset = await t.as(user).patch('/api/client/user/reset-hwid', {
      subscriptionId: sub.id,
    });
    expect(reset.statusCode).toBe(200);
    const [card] = (await cards(user)).subscriptions;
    expect(card).toMatchObject({
      hwid: null,
      last_seen_at: new Date(seen).toISOString(),
      is_online: false,
    });

    await t.fixtures.machine(sub.id, 'HWID-LATER', seen - DAY);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/hwid`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    const [after] = (await cards(user)).subscriptions;
    // An older machine unbound later does not move the last access back.
    expect(after).toMatchObject({ hwid: null, last_seen_at: new Date(seen).toISOString() });
  });

  it('keeps the credit when no HWID is bound', async () => {
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    const response = await t.as(user).patch('/api/client/user/reset-hwid', {
      subscriptionId: sub.id,
    });
    expect(response.statusCode).toBe(409);
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ hwid_reset_credits: 3 });
  });
});

describe('key redemption', () => {
  it('normalises the key, creates the subscription and names product and expiry', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product({ name: 'Wallhack' });
    await t.fixtures.key(product.id, { key: 'ABCDEFGHJK23456789', days: 7 });

    const response = await t.as(user).post('/api/client/redeem-key', {
      keyValue: ' abcdef-ghjk2-3456789 ',
    });
    expect(response.statusCode).toBe(200);
    const expiry = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(t.clock.now() + 7 * DAY),
    );
    expect(expiry).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const dashboard = await cards(user);
    expect(response.json()).toEqual({
      message: `Chave resgatada! Wallhack ativo até ${expiry}.`,
      subscription_id: dashboard.subscriptions[0]?.subscription_id,
      loader: null,
      loader_unavailable: null,
    });
    expect(dashboard.subscriptions[0]).toMatchObject({
      product_name: 'Wallhack',
      days_remaining: 7,
    });
    // Each redeemed day earns loyalty XP.
    expect(dashboard.xp).toBe(7 * XP_RULES.perLicenceDay);

    const history = await t.as(user).get('/api/client/redeem-history');
    expect(history.json()).toEqual([
      expect.objectContaining({
        key_value: 'ABCDEFGHJK23456789',
        product_name: 'Wallhack',
        subscription_status: 'active',
      }),
    ]);
  });

  it('keeps redeeming keys made before the look-alike-free alphabet, mapping no character', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    // O/0, I/1/L, S/5, B/8 and Z/2: all possible in keys issued before the look-alike-free
    // alphabet.
    await t.fixtures.key(product.id, { key: 'O0I1L5S8B2ZQUVD0OX' });
    await t.fixtures.key(product.id, { key: 'OOOOOOOOOOOOOOOOOO' });

    const zeros = await t.as(user).post('/api/client/redeem-key', {
      keyValue: '000000000000000000',
    });
    expect(zeros.statusCode).toBe(404);
    const old = await t.as(user).post('/api/client/redeem-key', {
      keyValue: 'o0i1l-5s8b2-zquvd-0ox',
    });
    expect(old.statusCode).toBe(200);
    const letters = await t.as(user).post('/api/client/redeem-key', {
      keyValue: 'oooooooooooooooooo',
    });
    expect(letters.statusCode).toBe(200);
  });

  it('extends the subscription the user already holds for that product', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const first = await t.fixtures.key(product.id, { days: 30 });
    const second = await t.fixtures.key(product.id, { days: 10 });
    await t.as(user).post('/api/client/redeem-key', { keyValue: first.key });
    await t.as(user).post('/api/client/redeem-key', { keyValue: second.key });
    const { subscriptions } = await cards(user);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ days_remaining: 40 });
  });

  it.each([
    ['used', 409, 'Esta chave já foi utilizada.'],
    ['banned', 409, 'Esta chave está banida.'],
    ['expired', 409, 'Esta chave expirou.'],
  ] as const)('refuses a %s key with its message', async (status, code, message) => {
    const user = await t.createUser();
    const key = await t.fixtures.key((await t.fixtures.product()).id, { status });
    const response = await t.as(user).post('/api/client/redeem-key', { keyValue: key.key });
    expect(response.statusCode).toBe(code);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('answers an unknown key and a malformed one clearly', async () => {
    const user = await t.createUser();
    const unknown = await t.as(user).post('/api/client/redeem-key', {
      keyValue: 'ZZZZZZZZZZZZZZZZZZ',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Chave não encontrada.');
    for (const keyValue of ['CURTA', 'ÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇ', 'A'.repeat(19)]) {
      const bad = await t.as(user).post('/api/client/redeem-key', { keyValue });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(messages.client.keyFormat);
    }
  });

  it('lets exactly one of 50 simultaneous redemptions of one key win', async () => {
    const product = await t.fixtures.product();
    const key = await t.fixtures.key(product.id);
    const users = await Promise.all(Array.from({ length: 50 }, () => t.createUser()));
    const responses = await Promise.all(
      users.map((user) => t.as(user).post('/api/client/redeem-key', { keyValue: key.key })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const subscriptions = await t.database.db
      .selectFrom('subscriptions')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(subscriptions).toHaveLength(1);
  });

  it('limits how fast one user can try keys', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.as(user).post('/api/client/redeem-key', {
        keyValue: `ZZZZZZZZZZZZZZZZ${String(attempt).padStart(2, '0')}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('daily bonus', () => {
  it('grants XP once per 24 hours and says how long to wait', async () => {
    let user = await t.createUser();
    // Sessions last 12 h: sign in again after moving the clock a day on.
    const signInAgain = async () => {
      const token = await t.tokenFor({ id: user.id, username: user.username, role: user.role });
      user = { ...user, token, headers: { authorization: `Bearer ${token}` } };
    };
    const first = await t.as(user).post('/api/client/daily-bonus');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: `Bônus diário resgatado: +${String(XP_RULES.dailyBonus)} XP!`,
      xp: XP_RULES.dailyBonus,
    });

    t.clock.advance(19 * 60 * 60 * 1000);
    await signInAgain();
    const again = await t.as(user).post('/api/client/daily-bonus');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Você já resgatou o bônus de hoje. Volte em 5 h 0 min.',
    );

    t.clock.advance(5 * 60 * 60 * 1000);
    await signInAgain();
    const next = await t.as(user).post('/api/client/daily-bonus');
    expect(next.statusCode).toBe(200);
    expect(next.json<{ xp: number }>().xp).toBe(2 * XP_RULES.dailyBonus);
  });

  it('grants one bonus for simultaneous claims', async () => {
    const user = await t.createUser();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.as(user).post('/api/client/daily-bonus')),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect((await cards(user)).xp).toBe(XP_RULES.dailyBonus);
  });
});
