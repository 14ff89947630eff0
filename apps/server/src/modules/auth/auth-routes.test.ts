import { randomBytes } from 'node:crypto';
import { messages, TIMING } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/crypto/totp.js';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const text = messages.auth;
let t: TestApp;
let inbox: SmtpInbox;

async function register(username: string, email = `${username}@example.com`) {
  const response = await t.anonymous.post('/api/auth/register', {
    username,
    email,
    password: 'senha-forte-1',
  });
  expect(response.statusCode).toBe(201);
  return { username, email, password: 'senha-forte-1' };
}

async function verifyLinkFor(email: string): Promise<string> {
  const mail = await inbox.waitFor(email);
  return inbox.linkIn(mail, '/verify-email?token=');
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://chaveiro.example' },
    configure(app) {
      // A guarded route, to see which session tokens still work.
      app.get('/api/test/session', { preHandler: app.requireRole('client', 'admin') }, () => ({
        ok: true,
      }));
    },
  });
});

afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

describe('sign-up and e-mail confirmation', () => {
  it('registers, mails a confirmation link that verifies, then logs in by username and e-mail', async () => {
    const account = await register('joana', 'Joana@Example.com');

    const mail = await inbox.waitFor('joana@example.com');
    expect(mail.subject).toBe('Confirme seu e-mail no Chaveiro');
    const link = inbox.linkIn(mail, '/verify-email?token=');
    expect(link.startsWith('https://chaveiro.example/verify-email?token=')).toBe(true);

    const beforeVerify = await t.anonymous.post('/api/auth/login', {
      identifier: 'joana',
      password: account.password,
    });
    expect(beforeVerify.statusCode).toBe(403);
    expect(beforeVerify.json()).toEqual({
      message: text.emailNotVerified,
      code: 'EMAIL_NOT_VERIFIED',
    });

    const verified = await t.anonymous.get(`/api/auth/verify-email?token=${tokenOf(link)}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: text.emailVerified, alreadyConfirmed: false });

    for (const identifier of ['joana', 'JOANA', 'joana@example.com', 'JOANA@EXAMPLE.COM']) {
      const login = await t.anonymous.post('/api/auth/login', {
        identifier,
        password: account.password,
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ role: 'client', message: 'Login bem-sucedido!' });
      const session = await t.as(login.json<{ token: string }>().token).get('/api/test/session');
      expect(session.statusCode).toBe(200);
    }
  });

  it('opening a confirmation link again says the e-mail is already confirmed', async () => {
    await register('reuso');
    const token = tokenOf(await verifyLinkFor('reuso@example.com'));
    expect((await t.anonymous.get(`/api/auth/verify-email?token=${token}`)).statusCode).toBe(200);
    const again = await t.anonymous.get(`/api/auth/verify-email?token=${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: text.emailAlreadyVerified, alreadyConfirmed: true });
  });

  it('answers "already confirmed" only for a link that did confirm, not for a used reset link', async () => {
    const user = await t.createUser({ email: 'link-de-reset@example.com' });
    await t.anonymous.post('/api/auth/forgot-password', { email: user.email });
    const token = tokenOf(inbox.linkIn(await inbox.waitFor(user.email), '/reset-password?token='));
    const reset = await t.anonymous.post('/api/auth/reset-password', {
      token,
      password: 'nova-senha-42',
    });
    expect(reset.statusCode).toBe(200);
    const asConfirmation = await t.anonymous.get(`/api/auth/verify-email?token=${token}`);
    expect(asConfirmation.statusCode).toBe(400);
    expect(asConfirmation.json()).toEqual({
      message: 'Token inválido ou expirado.',
      code: 'TOKEN_INVALID',
    });
  });

  it('refuses a confirmation link after 24 hours and an unknown token', async () => {
    await register('atrasado');
    const token = tokenOf(await verifyLinkFor('atrasado@example.com'));
    t.clock.advance(TIMING.verifyTokenTtlMs + 1);
    try {
      const late = await t.anonymous.get(`/api/auth/verify-email?token=${token}`);
      expect(late.statusCode).toBe(400);
      expect(late.json<{ message: string }>().message).toBe('Token inválido ou expirado.');
    } finally {
      t.clock.advance(-(TIMING.verifyTokenTtlMs + 1));
    }
    const unknown = await t.anonymous.get('/api/auth/verify-email?token=nao-existe');
    expect(unknown.statusCode).toBe(400);
  });

  it('answers a missing token with the spec message', async () => {
    const response = await t.anonymous.get('/api/auth/verify-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Token de verificação não encontrado na URL.',
      code: 'VALIDATION_ERROR',
    });
  });

  it('resends the confirmation link to an unconfirmed account named by username or e-mail', async () => {
    await register('reenvio');
    await inbox.waitFor('reenvio@example.com');
    const links: string[] = [];
    for (const identifier of ['REENVIO@example.com', 'Reenvio']) {
      const response = await t.anonymous.post('/api/auth/resend-verification', { identifier });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: text.verificationResent });
      links.push(await verifyLinkFor('reenvio@example.com'));
    }
    const verified = await t.anonymous.get(
      `/api/auth/verify-email?token=${tokenOf(links[1] ?? '')}`,
    );
    expect(verified.json()).toEqual({ message: text.emailVerified, alreadyConfirmed: false });
  });

  it('refuses a taken username in any letter case with 409 (usernames are public)', async () => {
    await register('duplicado');
    // The account is written after the answer; its confirmation mail follows the write.
    await inbox.waitFor('duplicado@example.com');
    const sameName = await t.anonymous.post('/api/auth/register', {
      username: 'DUPLICADO',
      email: 'outro@example.com',
      password: 'senha-forte-1',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json<{ message: string }>().message).toBe(
      'Este nome de usuário já está em uso.',
    );
  });

  it('answers a taken e-mail exactly like a new one and mails its owner instead', async () => {
    const owner = await t.createUser({ username: 'dona_do_email', email: 'dona@example.com' });
    const fresh = await t.anonymous.post('/api/auth/register', {
      username: 'cadastro_novo',
      email: 'cadastro-novo@example.com',
      password: 'senha-forte-1',
    });
    const taken = await t.anonymous.post('/api/auth/register', {
      username: 'cadastro_intruso',
      email: 'Dona@EXAMPLE.com',
      password: 'senha-forte-1',
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json()).toEqual({ message: text.registered });

    const warning = await inbox.waitFor(owner.email);
    expect(warning.subject).toBe('Tentativa de cadastro com seu e-mail no Chaveiro');
    expect(warning.body).toContain('Alguém tentou criar uma conta no Chaveiro com este e-mail');
    expect(inbox.linkIn(warning, '/auth')).toBe('https://chaveiro.example/auth');
    expect(inbox.linkIn(warning, '/forgot-password')).toBe(
      'https://chaveiro.example/forgot-password',
    );
    await inbox.waitFor('cadastro-novo@example.com');

    const accounts = await t.database.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where((eb) =>
        eb.or([
          eb('email_lower', '=', 'dona@example.com'),
          eb('username_lower', '=', 'cadastro_intruso'),
        ]),
      )
      .execute();
    expect(accounts).toEqual([{ username: 'dona_do_email', email: 'dona@example.com' }]);
  });

  it('holds the username of a sign-up whose e-mail is taken, exactly as a new account would', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const renamer = await t.createUser();
    await t.createUser({ username: 'vitima_sonda', email: 'vitima-sonda@example.com' });
    await register('sonda_livre', 'sonda-livre@example.com');
    await register('sonda_retida', 'vitima-sonda@example.com');
    await inbox.waitFor('sonda-livre@example.com');
    await inbox.waitFor('vitima-sonda@example.com');

    const password = 'senha-forte-1';
    const probe = async (username: string) => {
      const answers = {
        signUpAgain: await t.anonymous.post('/api/auth/register', {
          username: username.toUpperCase(),
          email: `outro-${username}@example.com`,
          password,
        }),
        login: await t.anonymous.post('/api/auth/login', { identifier: username, password }),
        wrongPassword: await t.anonymous.post('/api/auth/login', {
          identifier: username,
          password: 'nao-e-esta-1',
        }),
        resend: await t.anonymous.post('/api/auth/resend-verification', { identifier: username }),
        loader: await t.anonymous.post('/api/loader/auth', {
          productId: 'qualquer-produto',
          hwid: 'PC-SONDA',
          nonce: randomBytes(16).toString('base64url'),
          identifier: username,
          password,
        }),
        rename: await t.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: renamer.headers,
          payload: { username },
        }),
        adminCreate: await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: admin.headers,
          payload: { username, email: `admin-${username}@example.com`, password },
        }),
      };
      // The loader's signed answer echoes its request's nonce, random by design.
      return Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          { status: answer.statusCode, body: { ...answer.json<object>(), nonce: undefined } },
        ]),
      );
    };
    const forNewAccount = await probe('sonda_livre');
    const forTakenEmail = await probe('sonda_retida');
    expect(forTakenEmail).toEqual(forNewAccount);
    expect(forTakenEmail).toMatchObject({
      signUpAgain: { status: 409, body: { code: 'USERNAME_TAKEN' } },
      login: { status: 403, body: { message: text.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' } },
      wrongPassword: { status: 401, body: { code: 'INVALID_CREDENTIALS' } },
      loader: { status: 403, body: { data: { code: 'EMAIL_NOT_VERIFIED' } } },
      rename: { status: 409, body: { code: 'USERNAME_TAKEN' } },
      adminCreate: { status: 409, body: { code: 'USERNAME_TAKEN' } },
    });
  });

  it('releases a held username once its confirmation link would have expired', async () => {
    await t.createUser({ email: 'vitima-expira@example.com' });
    await register('sonda_expira', 'vitima-expira@example.com');
    await inbox.waitFor('vitima-expira@example.com');
    t.clock.advance(TIMING.verifyTokenTtlMs + 1);
    try {
      const login = await t.anonymous.post('/api/auth/login', {
        identifier: 'sonda_expira',
        password: 'senha-forte-1',
      });
      expect(login.statusCode).toBe(401);
      await register('sonda_expira', 'dono-real@example.com');
      await inbox.waitFor('dono-real@example.com');
    } finally {
      t.clock.advance(-(TIMING.verifyTokenTtlMs + 1));
    }
  });

  it('answers sign-up and forgot-password before sending any mail', async () => {
    const owner = await t.createUser({ email: 'paciente@example.com' });
    const release = inbox.hold();
    let answers;
    try {
      // The mail server is stuck: answers that waited for their mail would never arrive.
      answers = await Promise.all([
        t.anonymous.post('/api/auth/register', {
          username: 'espera_novo',
          email: 'espera-novo@example.com',
          password: 'senha-forte-1',
        }),
        t.anonymous.post('/api/auth/register', {
          username: 'espera_intruso',
          email: owner.email,
          password: 'senha-forte-1',
        }),
        t.anonymous.post('/api/auth/forgot-password', { email: owner.email }),
      ]);
      expect(inbox.mails.filter((mail) => mail.to.includes(owner.email))).toEqual([]);
    } finally {
      release();
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 200]);
    const subjects = [
      (await inbox.waitFor(owner.email)).subject,
      (await inbox.waitFor(owner.email)).subject,
    ].sort();
    expect(subjects).toEqual([
      'Redefinição de senha do Chaveiro',
      'Tentativa de cadastro com seu e-mail no Chaveiro',
    ]);
    expect((await inbox.waitFor('espera-novo@example.com')).subject).toBe(
      'Confirme seu e-mail no Chaveiro',
    );
  });

  it.each([
    [
      { username: 'ab', email: 'ab@example.com', password: 'senha-forte-1' },
      'Username precisa ter no mínimo 3 caracteres.',
    ],
    [
      { username: 'valido', email: 'nao-e-email', password: 'senha-forte-1' },
      'Formato de e-mail inválido.',
    ],
    [
      { username: 'valido', email: 'v@example.com', password: 'curta' },
      'A senha precisa ter no mínimo 8 caracteres.',
    ],
  ])('answers bad sign-up input with the spec message (%#)', async (payload, message) => {
    const response = await t.anonymous.post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('cannot be used to choose a role', async () => {
    const response = await t.anonymous.post('/api/auth/register', {
      username: 'espertinho',
      email: 'esperto@example.com',
      password: 'senha-forte-1',
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('login', () => {
  it.each([
    [{ identifier: '', password: 'x' }, 'Digite seu username ou e-mail.'],
    [{ identifier: 'alguem', password: '' }, 'Digite sua senha.'],
  ])('answers missing fields with the spec message (%#)', async (payload, message) => {
    const response = await t.anonymous.post('/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const user = await t.createUser({ username: 'conhecido' });
    const unknown = await t.anonymous.post('/api/auth/login', {
      identifier: 'ninguem',
      password: 'qualquer-1',
    });
    const wrong = await t.anonymous.post('/api/auth/login', {
      identifier: user.username,
      password: 'errada-12',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: text.invalidCredentials, code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a banned account with the ban message, only after the right password', async () => {
    const user = await t.createUser({ status: 'banned' });
    const wrong = await t.anonymous.post('/api/auth/login', {
      identifier: user.username,
      password: 'errada-12',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.anonymous.post('/api/auth/login', {
      identifier: user.username,
      password: user.password,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: 'Sua conta foi banida.', code: 'ACCOUNT_BANNED' });
  });

  it('answers the role the web redirects on', async () => {
    for (const role of ['admin', 'reseller', 'client'] as const) {
      const user = await t.createUser({ role });
      const response = await t.anonymous.post('/api/auth/login', {
        identifier: user.email,
        password: user.password,
      });
      expect(response.json<{ role: string }>().role).toBe(role);
    }
  });

  it('requires a valid TOTP code when 2FA is on', async () => {
    const user = await t.createUser({ username: 'duplo_fator' });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where('id', '=', user.id)
      .execute();
    const credentials = { identifier: user.username, password: user.password };

    const withoutCode = await t.anonymous.post('/api/auth/login', credentials);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({
      message: text.twoFactorRequired,
      code: 'TWO_FACTOR_REQUIRED',
    });

    const wrongCode = totpCode(secret, t.clock.now() + 10 * 60_000);
    const wrong = await t.anonymous.post('/api/auth/login', { ...credentials, totp: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
    expect(wrong.json()).not.toHaveProperty('token');

    // One step of clock drift is tolerated.
    const drifted = await t.anonymous.post('/api/auth/login', {
      ...credentials,
      totp: totpCode(secret, t.clock.now() - 30_000),
    });
    expect(drifted.statusCode).toBe(200);

    const current = totpCode(secret, t.clock.now());
    const right = await t.anonymous.post('/api/auth/login', { ...credentials, totp: current });
    expect(right.statusCode).toBe(200);
    expect(right.json<{ token: string }>().token).toBeTruthy();

    // A code already used (e.g. seen over a shoulder) cannot be replayed.
    const replayed = await t.anonymous.post('/api/auth/login', { ...credentials, totp: current });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json<{ code: string }>().code).toBe('TWO_FACTOR_INVALID');
  });

  it('stops one address after too many attempts with 429 and Retry-After', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 31; attempt += 1) {
      last = await t
        .as(null, { ip })
        .post('/api/auth/login', { identifier: `alvo${attempt}`, password: 'errada-123' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
    expect(last?.json()).toEqual({
      message: messages.errors.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('stops guessing one account from many addresses', async () => {
    const user = await t.createUser({ username: 'visado' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.anonymous.post('/api/auth/login', {
        identifier: user.username,
        password: `errada-${attempt}00`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('usernames and e-mails', () => {
  it('refuses a username containing @, so no username can equal an e-mail', async () => {
    const response = await t.anonymous.post('/api/auth/register', {
      username: 'vitima@example.com',
      email: 'sequestro@example.com',
      password: 'senha-forte-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.validation.usernameNoAt,
      code: 'VALIDATION_ERROR',
    });
  });

  it("resolves an identifier with @ by e-mail only: a legacy username cannot take over someone's e-mail login", async () => {
    // A row from before the rule: its username is the victim's address.
    const squatter = await t.createUser({
      username: 'Alvo@Example.com',
      email: 'squatter@example.com',
      password: 'senha-do-intruso',
    });
    const victim = await t.createUser({ username: 'alvo', email: 'alvo@example.com' });

    const byVictim = await t.anonymous.post('/api/auth/login', {
      identifier: 'ALVO@example.com',
      password: victim.password,
    });
    expect(byVictim.statusCode).toBe(200);
    const bySquatter = await t.anonymous.post('/api/auth/login', {
      identifier: 'alvo@example.com',
      password: squatter.password,
    });
    expect(bySquatter.statusCode).toBe(401);
    // The squatter still reaches their own account through their own e-mail.
    const ownEmail = await t.anonymous.post('/api/auth/login', {
      identifier: squatter.email,
      password: squatter.password,
    });
    expect(ownEmail.statusCode).toBe(200);
  });
});

describe('per-account login limit', () => {
  /** A password guess through the loader's account login (the loader API, not the site). */
  function loaderLogin(identifier: string, password: string) {
    return t.anonymous.post('/api/loader/auth', {
      productId: 'qualquer-produto',
      hwid: `PC-${randomBytes(6).toString('hex')}`,
      nonce: randomBytes(16).toString('base64url'),
      identifier,
      password,
    });
  }

  it('counts one account whether named by username or e-mail, in any case, on the site or the loader', async () => {
    const user = await t.createUser({ username: 'Contado', email: 'contado@example.com' });
    const names = ['contado', 'CONTADO', 'contado@example.com', 'Contado@EXAMPLE.com'];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const identifier = names[attempt % names.length] ?? '';
      const guess =
        attempt % 3 === 2
          ? await loaderLogin(identifier, `errada-${String(attempt)}00`)
          : await t.anonymous.post('/api/auth/login', {
              identifier,
              password: `errada-${String(attempt)}00`,
            });
      expect(guess.statusCode).toBe(401);
    }
    const site = await t.anonymous.post('/api/auth/login', {
      identifier: user.email,
      password: user.password,
    });
    expect(site.statusCode).toBe(429);
    expect((await loaderLogin(user.username, user.password)).statusCode).toBe(429);
  });

  it("counts a held username with the account of the e-mail its sign-up named, as a new account's", async () => {
    await t.createUser({ email: 'vitima-limite@example.com' });
    await register('limite_livre', 'limite-livre@example.com');
    await register('limite_retido', 'vitima-limite@example.com');
    await inbox.waitFor('limite-livre@example.com');
    await inbox.waitFor('vitima-limite@example.com');
    const afterTenGuesses = async (username: string, email: string) => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await t.anonymous.post('/api/auth/login', { identifier: username, password: 'errada-123' });
      }
      return (
        await t.anonymous.post('/api/auth/login', { identifier: email, password: 'errada-123' })
      ).statusCode;
    };
    const forNewAccount = await afterTenGuesses('limite_livre', 'limite-livre@example.com');
    const forTakenEmail = await afterTenGuesses('limite_retido', 'vitima-limite@example.com');
    expect(forNewAccount).toBe(429);
    expect(forTakenEmail).toBe(forNewAccount);
  });

  it('limits an unknown identifier the same way, so the limit reveals no account', async () => {
    const known = await t.createUser({ username: 'existente_limite' });
    const answers = async (spellings: string[]) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const identifier = spellings[attempt % spellings.length] ?? '';
        const response = await t.anonymous.post('/api/auth/login', {
          identifier,
          password: 'errada-123',
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    };
    const forUnknown = await answers(['fantasma', 'FANTASMA', 'Fantasma']);
    const forKnown = await answers([known.username, known.username.toUpperCase()]);
    expect(forUnknown).toEqual([...Array<number>(10).fill(401), 429]);
    expect(forKnown).toEqual(forUnknown);
  });
});

describe('password reset', () => {
  it('mails a link, sets the new password and ends older sessions', async () => {
    const user = await t.createUser({ username: 'esquecido', email: 'esquecido@example.com' });

    const sent = await t.anonymous.post('/api/auth/forgot-password', {
      email: 'Esquecido@example.com',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: text.resetLinkSent });
    const mail = await inbox.waitFor(user.email);
    expect(mail.subject).toBe('Redefinição de senha do Chaveiro');
    expect(mail.body).toContain('1 hora');
    const token = tokenOf(inbox.linkIn(mail, '/reset-password?token='));

    const reset = await t.anonymous.post('/api/auth/reset-password', {
      token,
      password: 'nova-senha-99',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: text.passwordReset });

    const oldSession = await t.as(user).get('/api/test/session');
    expect(oldSession.statusCode).toBe(401);
    const oldPassword = await t.anonymous.post('/api/auth/login', {
      identifier: user.username,
      password: user.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await t.anonymous.post('/api/auth/login', {
      identifier: user.username,
      password: 'nova-senha-99',
    });
    expect(newPassword.statusCode).toBe(200);

    const reused = await t.anonymous.post('/api/auth/reset-password', {
      token,
      password: 'outra-senha-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ message: string }>().message).toBe('Token inválido ou expirado.');
  });

  /** Asks for a reset link and returns its token, read from the mail. */
  async function resetTokenFor(email: string): Promise<string> {
    expect((await t.anonymous.post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    return tokenOf(inbox.linkIn(await inbox.waitFor(email), '/reset-password?token='));
  }

  function resetWith(token: string) {
    return t.anonymous.post('/api/auth/reset-password', { token, password: 'outra-senha-77' });
  }

  it('using one reset link kills every other outstanding link of the account', async () => {
    const user = await t.createUser({ email: 'dois-links@example.com' });
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);

    expect(
      (await t.anonymous.post('/api/auth/reset-password', { token: second, password: 'nova-1234' }))
        .statusCode,
    ).toBe(200);
    const stale = await resetWith(first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: 'Token inválido ou expirado.', code: 'TOKEN_INVALID' });
  });

  it('changing the password in the profile kills outstanding reset links', async () => {
    const user = await t.createUser({ email: 'troca-perfil@example.com' });
    const token = await resetTokenFor(user.email);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'nova-senha-55' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await resetWith(token)).statusCode).toBe(400);
  });

  it("an admin's password or e-mail change kills the account's outstanding reset links", async () => {
    const admin = await t.createUser({ role: 'admin' });
    for (const change of [
      { password: 'definida-pelo-admin' },
      { email: 'novo-endereco@example.com' },
    ]) {
      const user = await t.createUser();
      const token = await resetTokenFor(user.email);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/account`,
        headers: admin.headers,
        payload: change,
      });
      expect(changed.statusCode).toBe(200);
      expect((await resetWith(token)).statusCode).toBe(400);
    }
  });

  it('refuses a reset link older than 1 hour', async () => {
    const user = await t.createUser({ email: 'lento@example.com' });
    await t.anonymous.post('/api/auth/forgot-password', { email: user.email });
    const token = tokenOf(inbox.linkIn(await inbox.waitFor(user.email), '/reset-password?token='));
    t.clock.advance(TIMING.resetTokenTtlMs + 1);
    try {
      const late = await t.anonymous.post('/api/auth/reset-password', {
        token,
        password: 'nova-senha-99',
      });
      expect(late.statusCode).toBe(400);
    } finally {
      t.clock.advance(-(TIMING.resetTokenTtlMs + 1));
    }
  });

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await t.createUser({ email: 'existe@example.com' });
    const known = await t.anonymous.post('/api/auth/forgot-password', { email: user.email });
    const unknown = await t.anonymous.post('/api/auth/forgot-password', {
      email: 'nao-existe@example.com',
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    await inbox.waitFor(user.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.mails.some((mail) => mail.to.includes('nao-existe@example.com'))).toBe(false);

    const unverified = await t.createUser({ username: 'sem_confirmar', emailVerified: false });
    const resends = await Promise.all(
      [user.email, user.username, unverified.username, 'x@example.com', 'ninguem_aqui'].map(
        (identifier) => t.anonymous.post('/api/auth/resend-verification', { identifier }),
      ),
    );
    for (const resend of resends) {
      expect(resend.statusCode).toBe(200);
      expect(resend.json()).toEqual({ message: text.verificationResent });
    }
    // Only the unconfirmed account gets a link, at its own address.
    expect((await inbox.waitFor(unverified.email)).subject).toBe('Confirme seu e-mail no Chaveiro');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.mails.filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
  });

  it.each([
    ['/api/auth/forgot-password', { email: 'x@' }, 'Por favor, insira um e-mail válido.'],
    [
      '/api/auth/reset-password',
      { token: 'abc', password: 'curta' },
      'A senha precisa de no mínimo 8 caracteres.',
    ],
  ])('answers bad input on %s with the spec message', async (url, payload, message) => {
    const response = await t.anonymous.post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('limits reset mails per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await t.anonymous.post('/api/auth/forgot-password', {
        email: 'alvo-reset@example.com',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
