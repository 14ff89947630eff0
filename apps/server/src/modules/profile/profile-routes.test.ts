import { avatarUrl, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/crypto/totp.js';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.js';
import { multipartBody } from '../../testing/multipart.js';
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

function login(identifier: string, password: string, totp?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password, ...(totp ? { totp } : {}) },
  });
}

describe('profile', () => {
  it('shows the own profile with four avatar presets and needs a session', async () => {
    const user = await t.createUser({ username: 'perfil_ana', email: 'ana@example.com' });
    const response = await t.as(user).get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: 'perfil_ana',
      email: 'ana@example.com',
      avatar_url: null,
      is_two_factor_enabled: false,
      recovery_codes_remaining: 0,
      pending_email: null,
      avatar_presets: [
        avatarUrl('bottts', 'perfil_ana'),
        avatarUrl('thumbs', 'perfil_ana'),
        avatarUrl('shapes', 'perfil_ana'),
        avatarUrl('identicon', 'perfil_ana'),
      ],
    });
    expect((await t.anonymous.get('/api/profile')).statusCode).toBe(401);
  });

  it('changes the username and returns a token carrying it', async () => {
    const user = await t.createUser({ username: 'nome_antigo' });
    const response = await t.as(user).patch('/api/profile', { username: 'nome_novo' });
    expect(response.statusCode).toBe(200);
    const { token, message } = response.json<{ token: string; message: string }>();
    expect(message).toBe(messages.profile.usernameUpdated);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      username: string;
    };
    expect(claims.username).toBe('nome_novo');
    expect((await t.as(token).get('/api/profile')).json()).toMatchObject({
      username: 'nome_novo',
    });
  });

  it('refuses a username taken in any letter case, a short one and mixed fields', async () => {
    await t.createUser({ username: 'ocupado' });
    const user = await t.createUser();
    const taken = await t.as(user).patch('/api/profile', { username: 'OCUPADO' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe('Este nome de usuário já está em uso.');
    const short = await t.as(user).patch('/api/profile', { username: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toBe('Mínimo de 3 caracteres.');
    const both = await t.as(user).patch('/api/profile', {
      username: 'valido',
      email: 'valido@example.com',
    });
    expect(both.statusCode).toBe(400);
  });

  it('refuses a new username containing @', async () => {
    const user = await t.createUser();
    const response = await t.as(user).patch('/api/profile', {
      username: 'outra@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.validation.usernameNoAt,
      code: 'VALIDATION_ERROR',
    });
  });

  it('changes the e-mail only after the link sent to the new address is opened', async () => {
    const user = await t.createUser({ email: 'velho@example.com' });
    const asked = await t.as(user).patch('/api/profile', {
      email: 'Novo@Example.com',
      currentPassword: user.password,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: messages.profile.emailChangeSent });
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      email: 'velho@example.com',
      pending_email: 'novo@example.com',
    });

    const mail = await inbox.waitFor('novo@example.com');
    const token = new URL(inbox.linkIn(mail, '/verify-email?token=')).searchParams.get('token');
    const confirmed = await t.anonymous.get(`/api/auth/verify-email?token=${token ?? ''}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: messages.profile.emailChanged,
      alreadyConfirmed: false,
    });
    const reopened = await t.anonymous.get(`/api/auth/verify-email?token=${token ?? ''}`);
    expect(reopened.json()).toEqual({
      message: messages.auth.emailAlreadyVerified,
      alreadyConfirmed: true,
    });

    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      email: 'novo@example.com',
      pending_email: null,
    });
    expect((await login('novo@example.com', user.password)).statusCode).toBe(200);
  });

  it('refuses an invalid e-mail', async () => {
    const user = await t.createUser();
    const invalid = await t.as(user).patch('/api/profile', {
      email: 'nao-email',
      currentPassword: user.password,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ message: string }>().message).toBe('Email inválido.');
  });

  it('answers a taken e-mail exactly like a free one and warns its owner instead', async () => {
    const owner = await t.createUser({ username: 'dono_tomado', email: 'tomado@example.com' });
    const user = await t.createUser({ email: 'quer-trocar@example.com' });
    const other = await t.createUser({ email: 'outro-quer@example.com' });
    const free = await t.as(other).patch('/api/profile', {
      email: 'livre@example.com',
      currentPassword: other.password,
    });
    const taken = await t.as(user).patch('/api/profile', {
      email: 'TOMADO@example.com',
      currentPassword: user.password,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(taken.json()).toEqual({ message: messages.profile.emailChangeSent });
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      email: 'quer-trocar@example.com',
      pending_email: 'tomado@example.com',
    });

    const warning = await inbox.waitFor(owner.email);
    expect(warning.subject).toBe('Tentativa de usar seu e-mail em outra conta do Chaveiro');
    expect(warning.body).toContain(
      'Alguém tentou trocar o e-mail de outra conta do Chaveiro para este endereço',
    );
    expect(warning.body).not.toContain('/verify-email');
    expect(inbox.linkIn(warning, '/auth')).toMatch(/\/auth$/);
    await inbox.waitFor('livre@example.com');
    const toRequester = inbox.mails.filter(
      (mail) => mail.to.includes('quer-trocar@example.com') || mail.body.includes('quer-trocar'),
    );
    expect(toRequester).toEqual([]);
    expect(inbox.mails.filter((mail) => mail.to.includes('tomado@example.com'))).toHaveLength(1);
  });
});

describe('password change', () => {
  it.each([
    [{ currentPassword: '', newPassword: 'nova-senha-1' }, 'Senha atual é obrigatória.'],
    [
      { currentPassword: 'x', newPassword: 'curta' },
      'Nova senha precisa de no mínimo 8 caracteres.',
    ],
  ])('answers bad input with the spec message (%#)', async (payload, message) => {
    const user = await t.createUser();
    const response = await t.as(user).patch('/api/profile/password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('refuses a wrong current password', async () => {
    const user = await t.createUser();
    const response = await t.as(user).patch('/api/profile/password', {
      currentPassword: 'nao-e-esta',
      newPassword: 'nova-senha-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Senha atual incorreta.', code: 'PASSWORD_WRONG' });
  });

  it('ends older sessions and keeps this tab signed in with a fresh token', async () => {
    const user = await t.createUser();
    const response = await t.as(user).patch('/api/profile/password', {
      currentPassword: user.password,
      newPassword: 'nova-senha-1',
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect((await t.as(user).get('/api/profile')).statusCode).toBe(401);
    expect((await t.as(token).get('/api/profile')).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'nova-senha-1')).statusCode).toBe(200);
  });
});

describe('avatar presets', () => {
  it('accepts only a preset the server offers', async () => {
    const user = await t.createUser({ username: 'com_avatar' });
    const preset = avatarUrl('thumbs', 'com_avatar');
    const chosen = await t.as(user).patch('/api/profile/avatar/select', {
      avatarUrl: preset,
    });
    expect(chosen.statusCode).toBe(200);
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      avatar_url: preset,
    });

    for (const avatar of ['https://evil.example/x.png', avatarUrl('thumbs', 'outra_pessoa')]) {
      const refused = await t.as(user).patch('/api/profile/avatar/select', {
        avatarUrl: avatar,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(messages.profile.avatarNotOffered);
    }
  });

  it('renders each preset as an SVG and refuses unknown styles', async () => {
    const svg = await t.anonymous.get(avatarUrl('bottts', 'maria'));
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body.startsWith('<svg')).toBe(true);
    expect((await t.anonymous.get(avatarUrl('bottts', 'maria'))).body).toBe(svg.body);
    expect((await t.anonymous.get('/api/avatars/inexistente.svg?seed=x')).statusCode).toBe(400);
  });
});

describe('two-factor login', () => {
  let user: TestUser;
  let secret: string;

  it('generates a pending secret with a QR code, confirmed by a code', async () => {
    user = await t.createUser({ username: 'com_2fa' });
    const generated = await t.as(user).post('/api/profile/2fa/generate');
    expect(generated.statusCode).toBe(200);
    const body = generated.json<{ qrCodeUrl: string; secret: string }>();
    expect(body.qrCodeUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    secret = body.secret;

    // Pending only: login still works without a code.
    expect((await login(user.username, user.password)).statusCode).toBe(200);

    const wrong = await t.as(user).post('/api/profile/2fa/verify', {
      token: totpCode(secret, t.clock.now() + 600_000),
      currentPassword: user.password,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('Código de verificação inválido.');

    const right = await t.as(user).post('/api/profile/2fa/verify', {
      token: totpCode(secret, t.clock.now()),
      currentPassword: user.password,
    });
    expect(right.statusCode).toBe(200);
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      is_two_factor_enabled: true,
    });
  });

  it('then requires the code at login and refuses a second setup', async () => {
    const withoutCode = await login(user.username, user.password);
    expect(withoutCode.json<{ code: string }>().code).toBe('TWO_FACTOR_REQUIRED');
    t.clock.advance(30_000);
    const withCode = await login(user.username, user.password, totpCode(secret, t.clock.now()));
    expect(withCode.statusCode).toBe(200);
    const again = await t.as(user).post('/api/profile/2fa/generate');
    expect(again.statusCode).toBe(409);
  });

  it('turns off only with a valid, unused code', async () => {
    const used = totpCode(secret, t.clock.now());
    const replay = await t.as(user).post('/api/profile/2fa/disable', {
      currentPassword: user.password,
      totp: used,
    });
    expect(replay.statusCode).toBe(400);
    t.clock.advance(30_000);
    const off = await t.as(user).post('/api/profile/2fa/disable', {
      currentPassword: user.password,
      totp: totpCode(secret, t.clock.now()),
    });
    expect(off.statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('refuses a malformed code with the message', async () => {
    const other = await t.createUser();
    const response = await t.as(other).post('/api/profile/2fa/verify', {
      token: '12ab',
      currentPassword: other.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Código de verificação inválido.');
  });
});

describe('avatar upload', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);

  function upload(user: TestUser | undefined, filename: string, bytes: Buffer) {
    const { body, contentType } = multipartBody([
      { name: 'avatar', filename, contentType: 'image/png', content: bytes },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar/upload',
      headers: { ...(user?.headers ?? {}), 'content-type': contentType },
      payload: body,
    });
  }

  it('stores a PNG and serves it from the returned address', async () => {
    const user = await t.createUser();
    const response = await upload(user, 'eu.png', png);
    expect(response.statusCode).toBe(200);
    const url = response.json<{ avatar_url: string }>().avatar_url;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    const served = await t.anonymous.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a PNG-named file that is not an image, a GIF, and a caller without a session', async () => {
    const user = await t.createUser();
    const fake = await upload(user, 'foto.png', Buffer.from('isto não é uma imagem'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json<{ message: string }>().message).toBe(messages.profile.avatarPngOrJpeg);
    const gif = await upload(user, 'a.gif', Buffer.from('GIF89a......'));
    expect(gif.statusCode).toBe(422);
    expect((await t.as(user).get('/api/profile')).json()).toMatchObject({
      avatar_url: null,
    });
    expect((await upload(undefined, 'eu.png', png)).statusCode).toBe(401);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const user = await t.createUser();
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(user, 'grande.png', big);
    expect(response.statusCode).toBe(413);
  });
});
