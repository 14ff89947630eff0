import { KEY_ALPHABET, TIMING, accountMessages, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/core/ids.js';
import { totpCode } from '../../platform/crypto/totp.js';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../testing/smtp-inbox.js';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.js';

let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url } });
});

afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const CODE_SHAPE = new RegExp(`^[${KEY_ALPHABET}]{5}-[${KEY_ALPHABET}]{5}$`);

function login(identifier: string, password: string, totp?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password, ...(totp ? { totp } : {}) },
  });
}

/** The next TOTP code: each test moves past the step the previous code claimed. */
function nextCode(secret: string): string {
  t.clock.advance(30_000);
  return totpCode(secret, t.clock.now());
}

async function profileOf(user: TestUser) {
  const response = await t.as(user).get('/api/profile');
  expect(response.statusCode).toBe(200);
  return response.json<{
    email: string;
    pending_email: string | null;
    is_two_factor_enabled: boolean;
    recovery_codes_remaining: number;
  }>();
}

/** A user with 2FA on through the profile routes, and the codes enabling answered. */
async function userWithTwoFactor(input: Parameters<TestApp['createUser']>[0] = {}) {
  const user = await t.createUser(input);
  const generated = await t.as(user).post('/api/profile/2fa/generate');
  const { secret } = generated.json<{ secret: string }>();
  const enabled = await t.as(user).post('/api/profile/2fa/verify', {
    token: nextCode(secret),
    currentPassword: user.password,
  });
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
  return { user, secret, recoveryCodes };
}

function storedCodes(userId: string) {
  return t.database.db
    .selectFrom('recovery_codes')
    .select(['code_hash', 'used_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** How a person might type a code: lower case, no dash. */
const typedLoosely = (code: string) => code.replace('-', '').toLowerCase();

describe('enabling 2FA', () => {
  it('asks for the password, then answers 10 distinct codes stored only as hashes', async () => {
    const user = await t.createUser();
    const { secret } = (await t.as(user).post('/api/profile/2fa/generate')).json<{
      secret: string;
    }>();

    const wrongPassword = await t.as(user).post('/api/profile/2fa/verify', {
      token: nextCode(secret),
      currentPassword: 'nao-e-esta',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      message: accountMessages.passwordWrong,
      code: 'PASSWORD_WRONG',
    });
    const noPassword = await t.as(user).post('/api/profile/2fa/verify', {
      token: nextCode(secret),
    });
    expect(noPassword.statusCode).toBe(400);
    expect((await profileOf(user)).is_two_factor_enabled).toBe(false);

    const enabled = await t.as(user).post('/api/profile/2fa/verify', {
      token: nextCode(secret),
      currentPassword: user.password,
    });
    expect(enabled.statusCode).toBe(200);
    const body = enabled.json<{ message: string; recoveryCodes: string[] }>();
    expect(body.message).toBe(messages.profile.twoFactorEnabled);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(CODE_SHAPE);

    const stored = await storedCodes(user.id);
    expect(stored).toHaveLength(10);
    const plain = new Set(body.recoveryCodes.flatMap((code) => [code, code.replace('-', '')]));
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(plain.has(row.code_hash)).toBe(false);
      expect(row.used_at).toBeNull();
    }
    expect(await profileOf(user)).toMatchObject({
      is_two_factor_enabled: true,
      recovery_codes_remaining: 10,
    });
  });
});

describe('recovery codes at the site login', () => {
  it('log in in place of the TOTP code, in any case and without the dash, once each', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const [first = '', second = ''] = recoveryCodes;

    const withCode = await login(user.username, user.password, typedLoosely(first));
    expect(withCode.statusCode).toBe(200);
    expect((await login(user.email, user.password, second)).statusCode).toBe(200);
    expect((await profileOf(user)).recovery_codes_remaining).toBe(8);

    const again = await login(user.username, user.password, first);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
    const madeUp = await login(user.username, user.password, 'AAAAA-AAAAA');
    expect(madeUp.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
  });

  it('accepts a code copied with spaces around the dash, or with the dash as spaces', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const typings = [
      (code: string) => code.replace('-', ' - '),
      (code: string) => code.replace('-', '  '),
      (code: string) => `${code.slice(0, 2)} ${code.slice(2).toLowerCase()}`,
    ];
    for (const [index, typed] of typings.entries()) {
      const answer = await login(user.username, user.password, typed(recoveryCodes[index] ?? ''));
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect((await profileOf(user)).recovery_codes_remaining).toBe(10 - typings.length);
  });

  it('lets exactly one of two simultaneous logins with the same code in', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const code = recoveryCodes[3] ?? '';

    const answers = await Promise.all([
      login(user.username, user.password, code),
      login(user.email, user.password, typedLoosely(code)),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const refused = answers.find((answer) => answer.statusCode === 401);
    expect(refused?.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
    const spent = (await storedCodes(user.id)).filter((row) => row.used_at !== null);
    expect(spent).toHaveLength(1);
  });

  it('are refused once 2FA is off, since they are deleted with it', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const off = await t.as(user).post('/api/profile/2fa/disable', {
      currentPassword: user.password,
      totp: nextCode(secret),
    });
    expect(off.statusCode).toBe(200);
    expect(await storedCodes(user.id)).toEqual([]);
    expect(await profileOf(user)).toMatchObject({
      is_two_factor_enabled: false,
      recovery_codes_remaining: 0,
    });
    // No second factor asked any more; a stale code is simply not needed.
    expect((await login(user.username, user.password, recoveryCodes[0])).statusCode).toBe(200);
  });
});

describe('regenerating recovery codes', () => {
  it('needs the password and kills every old code, used or not', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const [used = '', unused = ''] = recoveryCodes;
    expect((await login(user.username, user.password, used)).statusCode).toBe(200);

    const wrong = await t.as(user).post('/api/profile/2fa/recovery-codes', {
      currentPassword: 'nao-e-esta',
      totp: nextCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe('PASSWORD_WRONG');

    const fresh = await t.as(user).post('/api/profile/2fa/recovery-codes', {
      currentPassword: user.password,
      totp: nextCode(secret),
    });
    expect(fresh.statusCode).toBe(200);
    const body = fresh.json<{ message: string; recoveryCodes: string[] }>();
    expect(body.message).toBe(accountMessages.recoveryCodesRegenerated);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(body.recoveryCodes).not.toContain(unused);
    expect(await profileOf(user)).toMatchObject({ recovery_codes_remaining: 10 });

    const old = await login(user.username, user.password, unused);
    expect(old.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
    expect((await login(user.username, user.password, body.recoveryCodes[0])).statusCode).toBe(200);
  });

  it('needs a current code too: the password alone would mint codes that pass every 2FA check', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const regenerate = (payload: object) =>
      t.as(user).post('/api/profile/2fa/recovery-codes', {
        currentPassword: user.password,
        ...payload,
      });

    const noCode = await regenerate({});
    expect(noCode.statusCode).toBe(400);
    expect(await profileOf(user)).toMatchObject({ recovery_codes_remaining: 10 });
    const wrongCode = await regenerate({ totp: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');

    const byApp = await regenerate({ totp: nextCode(secret) });
    expect(byApp.statusCode).toBe(200);
    const [newCode = ''] = byApp.json<{ recoveryCodes: string[] }>().recoveryCodes;
    // A recovery code stands in for the app, as everywhere; one of the old set no longer does.
    const byOld = await regenerate({ totp: recoveryCodes[0] });
    expect(byOld.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
    expect((await regenerate({ totp: typedLoosely(newCode) })).statusCode).toBe(200);
  });

  it('is refused while 2FA is off', async () => {
    const user = await t.createUser();
    const response = await t.as(user).post('/api/profile/2fa/recovery-codes', {
      currentPassword: user.password,
      totp: '123456',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(messages.profile.twoFactorNotEnabled);
  });
});

describe('disabling 2FA', () => {
  it('needs the password and a current code, never answering 401', async () => {
    const { user, secret } = await userWithTwoFactor();
    const disable = (payload: object) => t.as(user).post('/api/profile/2fa/disable', payload);

    const noCode = await disable({ currentPassword: user.password });
    expect(noCode.statusCode).toBe(400);
    const wrongPassword = await disable({ currentPassword: 'nao-e-esta', totp: nextCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<{ code: string }>().code).toBe('PASSWORD_WRONG');
    const wrongCode = await disable({ currentPassword: user.password, totp: 'AAAAA-AAAAA' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({
      message: accountMessages.secondFactorInvalid,
      code: 'TWO_FACTOR_INVALID',
    });
    expect((await profileOf(user)).is_two_factor_enabled).toBe(true);

    const off = await disable({ currentPassword: user.password, totp: nextCode(secret) });
    expect(off.statusCode).toBe(200);
    expect((await profileOf(user)).is_two_factor_enabled).toBe(false);
  });

  it('accepts a recovery code, for someone who lost the phone', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const off = await t.as(user).post('/api/profile/2fa/disable', {
      currentPassword: user.password,
      totp: recoveryCodes[9],
    });
    expect(off.statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });
});

describe('re-authentication of e-mail and password changes', () => {
  it('refuses an e-mail change without the right password', async () => {
    const user = await t.createUser();
    const missing = await t.as(user).patch('/api/profile', {
      email: 'sem-senha@example.com',
    });
    expect(missing.statusCode).toBe(400);
    const empty = await t.as(user).patch('/api/profile', {
      email: 'sem-senha@example.com',
      currentPassword: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(accountMessages.currentPasswordRequired);
    const wrong = await t.as(user).patch('/api/profile', {
      email: 'sem-senha@example.com',
      currentPassword: 'nao-e-esta',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: accountMessages.passwordWrong,
      code: 'PASSWORD_WRONG',
    });
    expect(await profileOf(user)).toMatchObject({ email: user.email, pending_email: null });
  });

  it('with 2FA on, asks the code for an e-mail change and accepts a recovery code', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const change = (payload: object) =>
      t.as(user).patch('/api/profile', { email: 'com-2fa@example.com', ...payload });

    const noCode = await change({ currentPassword: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({
      message: accountMessages.secondFactorRequired,
      code: 'TWO_FACTOR_REQUIRED',
    });
    const wrongCode = await change({ currentPassword: user.password, totp: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
    expect(
      (await change({ currentPassword: user.password, totp: nextCode(secret) })).statusCode,
    ).toBe(200);
    const byRecovery = await change({
      currentPassword: user.password,
      totp: typedLoosely(recoveryCodes[0] ?? ''),
    });
    expect(byRecovery.statusCode).toBe(200);
    expect((await profileOf(user)).recovery_codes_remaining).toBe(9);
  });

  it('with 2FA on, asks the code for a password change', async () => {
    const { user, secret } = await userWithTwoFactor();
    const change = (payload: object) =>
      t.as(user).patch('/api/profile/password', {
        currentPassword: user.password,
        newPassword: 'nova-senha-segura',
        ...payload,
      });

    const noCode = await change({});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json<{ code: string }>().code).toBe('TWO_FACTOR_REQUIRED');
    const wrongPassword = await change({ currentPassword: 'nao-e-esta', totp: nextCode(secret) });
    expect(wrongPassword.json<{ code: string }>().code).toBe('PASSWORD_WRONG');
    const wrongCode = await change({ totp: '123456' });
    expect(wrongCode.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');

    const changed = await change({ totp: nextCode(secret) });
    expect(changed.statusCode).toBe(200);
    expect((await login(user.username, 'nova-senha-segura', nextCode(secret))).statusCode).toBe(
      200,
    );
  });

  it('a new password, changed or reset, cancels an address change still waiting for its link', async () => {
    const user = await t.createUser({ email: 'lia-antiga@example.com' });
    const links: string[] = [];
    // Someone who knows the password asks to move the account to their address...
    for (const to of ['lia-intrusa-1@example.com', 'lia-intrusa-2@example.com']) {
      const asked = await t.as(user).patch('/api/profile', {
        email: to,
        currentPassword: user.password,
      });
      expect(asked.statusCode).toBe(200);
      links.push(inbox.linkIn(await inbox.waitFor(to), '/verify-email?token='));
    }
    // ...and the owner changes the password before the first link is opened,
    const changed = await t.as(user).patch('/api/profile/password', {
      currentPassword: user.password,
      newPassword: 'senha-nova-da-lia',
    });
    expect(changed.statusCode).toBe(200);
    const { token } = changed.json<{ token: string }>();
    expect(
      (await t.as(token).get('/api/profile')).json<{
        pending_email: string | null;
      }>().pending_email,
    ).toBeNull();
    const first = await t.anonymous.get(`/api/auth/verify-email${new URL(links[0] ?? '').search}`);
    expect(first.statusCode).toBe(400);
    expect(first.json<{ code: string }>().code).toBe('TOKEN_INVALID');

    // ...or resets it by the link mailed to the account's address.
    const again = await t.as(token).patch('/api/profile', {
      email: 'lia-intrusa-3@example.com',
      currentPassword: 'senha-nova-da-lia',
    });
    expect(again.statusCode).toBe(200);
    const third = inbox.linkIn(
      await inbox.waitFor('lia-intrusa-3@example.com'),
      '/verify-email?token=',
    );
    await t.anonymous.post('/api/auth/forgot-password', { email: 'lia-antiga@example.com' });
    const resetLink = inbox.linkIn(
      await inbox.waitFor('lia-antiga@example.com'),
      '/reset-password?token=',
    );
    const reset = await t.anonymous.post('/api/auth/reset-password', {
      token: new URL(resetLink).searchParams.get('token') ?? '',
      password: 'outra-senha-da-lia',
    });
    expect(reset.statusCode).toBe(200);
    for (const link of [links[1] ?? '', third]) {
      const late = await t.anonymous.get(`/api/auth/verify-email${new URL(link).search}`);
      expect(late.json<{ code: string }>().code).toBe('TOKEN_INVALID');
    }
    const row = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('lia-antiga@example.com');
  });

  it('limits the guesses of a stolen session at the password', async () => {
    // Enabling took one of the 10 tries the profile's secret-checking routes share.
    const { user } = await userWithTwoFactor();
    const guesses = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      guesses.push(
        await t.as(user).post('/api/profile/2fa/recovery-codes', {
          currentPassword: `palpite-${attempt}`,
          totp: '123456',
        }),
      );
    }
    expect(guesses.slice(0, 9).map((answer) => answer.statusCode)).toEqual(Array(9).fill(400));
    expect(guesses[9]?.statusCode).toBe(429);
    const right = await t.as(user).post('/api/profile/2fa/recovery-codes', {
      currentPassword: user.password,
      totp: '123456',
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('undoing an e-mail change from the old address', () => {
  const linkOf = (mail: ReceivedMail) => new URL(inbox.linkIn(mail, '/verify-email?token='));
  const open = (link: URL) => t.anonymous.get(`/api/auth/verify-email${link.search}`);

  async function changeEmail(user: TestUser, to: string) {
    const asked = await t.as(user).patch('/api/profile', {
      email: to,
      currentPassword: user.password,
    });
    expect(asked.statusCode).toBe(200);
    const confirmed = await open(linkOf(await inbox.waitFor(to)));
    expect(confirmed.statusCode).toBe(200);
    const notice = await inbox.waitFor(user.email);
    return { notice, undoLink: linkOf(notice) };
  }

  async function emailOf(userId: string): Promise<string> {
    const row = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.email ?? '';
  }

  async function liveSession(userId: string): Promise<string> {
    const id = newId();
    await t.database.db
      .insertInto('user_sessions')
      .values({
        id,
        user_id: userId,
        device: 'Chrome no Windows',
        user_agent: 'Mozilla/5.0',
        ip: '203.0.113.9',
        created_at: t.clock.now(),
        last_seen_at: t.clock.now(),
        ended_at: null,
      })
      .execute();
    return id;
  }

  it('tells the old address, whose link restores it and ends every session', async () => {
    const user = await t.createUser({ username: 'desfaz_ana', email: 'ana-antiga@example.com' });
    const session = await liveSession(user.id);
    const { notice, undoLink } = await changeEmail(user, 'ana-nova@example.com');

    expect(notice.subject).toBe(accountMessages.emailChangedOldSubject);
    expect(notice.body).toContain(
      accountMessages.emailChangedOldBody('desfaz_ana', 'ana-nova@example.com'),
    );
    expect((await profileOf(user)).email).toBe('ana-nova@example.com');

    const undone = await open(undoLink);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({
      message: accountMessages.emailUndone,
      alreadyConfirmed: false,
    });

    // Every token of the account stops working at once, and every session row is ended.
    expect((await t.as(user).get('/api/profile')).statusCode).toBe(401);
    const row = await t.database.db
      .selectFrom('user_sessions')
      .select('ended_at')
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    expect(row.ended_at).toBe(t.clock.now());
    expect((await login('ana-nova@example.com', user.password)).statusCode).toBe(401);
    expect(await emailOf(user.id)).toBe('ana-antiga@example.com');

    const reopened = await open(undoLink);
    expect(reopened.json()).toEqual({
      message: accountMessages.emailUndone,
      alreadyConfirmed: true,
    });
  });

  it('voids the password the change was made with, and mails the old address a link for a new one', async () => {
    const user = await t.createUser({ username: 'desfaz_gui', email: 'gui-antigo@example.com' });
    const { undoLink } = await changeEmail(user, 'gui-intruso@example.com');
    // Whoever changed the address typed the password; here they change it as well.
    const taken = await t.as(user).patch('/api/profile/password', {
      currentPassword: user.password,
      newPassword: 'senha-do-intruso',
    });
    expect(taken.statusCode).toBe(200);

    expect((await open(undoLink)).statusCode).toBe(200);

    // Neither the password they typed nor the one they set signs in again.
    for (const password of [user.password, 'senha-do-intruso']) {
      const again = await login('gui-antigo@example.com', password);
      expect(again.statusCode).toBe(401);
    }
    // The restored address gets a link to choose a new password; the new one works.
    const mail = await inbox.waitFor('gui-antigo@example.com');
    expect(mail.subject).toBe(accountMessages.emailUndoneResetSubject);
    const token = new URL(inbox.linkIn(mail, '/reset-password?token=')).searchParams.get('token');
    const reset = await t.anonymous.post('/api/auth/reset-password', {
      token: token ?? '',
      password: 'senha-da-dona',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login('gui-antigo@example.com', 'senha-da-dona')).statusCode).toBe(200);
  });

  it('also revokes a further change still waiting for its confirmation', async () => {
    const user = await t.createUser({ email: 'bia-antiga@example.com' });
    const { undoLink } = await changeEmail(user, 'bia-nova@example.com');
    // The intruder, signed in anew, asks yet another change before the owner undoes.
    const intruder = await t.tokenFor({ id: user.id, username: user.username, role: 'client' });
    const headers = { authorization: `Bearer ${intruder}` };
    await t.as(headers).patch('/api/profile', {
      email: 'bia-intrusa@example.com',
      currentPassword: user.password,
    });
    const pending = await inbox.waitFor('bia-intrusa@example.com');

    expect((await open(undoLink)).statusCode).toBe(200);

    const late = await open(linkOf(pending));
    expect(late.statusCode).toBe(400);
    expect(late.json<{ code: string }>().code).toBe('TOKEN_INVALID');
    expect(await emailOf(user.id)).toBe('bia-antiga@example.com');
  });

  it("keeps the owner's link when an intruder who changed it twice undoes the second", async () => {
    const user = await t.createUser({ email: 'eva-antiga@example.com' });
    const owners = await changeEmail(user, 'eva-intrusa-1@example.com');
    t.clock.advance(1_000);
    const intruders = await changeEmail(
      { ...user, email: 'eva-intrusa-1@example.com' },
      'eva-intrusa-2@example.com',
    );

    expect((await open(intruders.undoLink)).statusCode).toBe(200);
    const intrudersReset = await inbox.waitFor('eva-intrusa-1@example.com');
    expect((await open(owners.undoLink)).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe('eva-antiga@example.com');
    // The new-password link the intruder's undo mailed them dies with the owner's undo.
    const token = new URL(inbox.linkIn(intrudersReset, '/reset-password?token=')).searchParams.get(
      'token',
    );
    const late = await t.anonymous.post('/api/auth/reset-password', {
      token: token ?? '',
      password: 'senha-do-intruso',
    });
    expect(late.json<{ code: string }>().code).toBe('TOKEN_INVALID');
  });

  it('kills the undo links of later changes when the owner undoes the first', async () => {
    const user = await t.createUser({ email: 'fabi-antiga@example.com' });
    const owners = await changeEmail(user, 'fabi-intrusa-1@example.com');
    t.clock.advance(1_000);
    const intruders = await changeEmail(
      { ...user, email: 'fabi-intrusa-1@example.com' },
      'fabi-intrusa-2@example.com',
    );

    expect((await open(owners.undoLink)).statusCode).toBe(200);
    const late = await open(intruders.undoLink);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ code: string }>().code).toBe('TOKEN_INVALID');
    expect(await emailOf(user.id)).toBe('fabi-antiga@example.com');
  });

  it('works for 72 hours only', async () => {
    const user = await t.createUser({ email: 'caio-antigo@example.com' });
    const { undoLink } = await changeEmail(user, 'caio-novo@example.com');
    t.clock.advance(TIMING.emailUndoTtlMs + 1);
    const late = await open(undoLink);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ code: string }>().code).toBe('TOKEN_INVALID');
    // (The session token has expired by now too: the address is read from the row.)
    const row = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('caio-novo@example.com');
  });

  it('refuses when another account took the old address meanwhile', async () => {
    const user = await t.createUser({ email: 'duda-antiga@example.com' });
    const { undoLink } = await changeEmail(user, 'duda-nova@example.com');
    await t.createUser({ email: 'duda-antiga@example.com' });

    const refused = await open(undoLink);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(accountMessages.emailUndoTaken);
    expect((await profileOf(user)).email).toBe('duda-nova@example.com');
  });
});
