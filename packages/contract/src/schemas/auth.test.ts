import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { useBrazilianPortugueseErrors } from '../zod-pt-br.js';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
} from './auth.js';

const v = messages.validation;

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message;
}

beforeAll(() => useBrazilianPortugueseErrors());

describe('register schema', () => {
  const valid = { username: 'maria', email: 'Maria@Example.com', password: 'segredo123' };

  it('accepts a valid sign-up and normalises the email', () => {
    expect(registerBodySchema.parse(valid)).toEqual({ ...valid, email: 'maria@example.com' });
  });

  it.each([
    [{ ...valid, username: 'ab' }, v.usernameMin],
    [{ ...valid, email: 'not-an-email' }, v.emailInvalid],
    [{ ...valid, password: '1234567' }, v.passwordMin],
  ])('rejects %o with the spec message', (body, message) => {
    expect(firstMessage(registerBodySchema.safeParse(body))).toBe(message);
  });

  it('refuses extra fields so a role cannot be smuggled in', () => {
    expect(registerBodySchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});

describe('login schema', () => {
  it('requires identifier and password with the spec messages', () => {
    expect(firstMessage(loginBodySchema.safeParse({ identifier: ' ', password: 'x' }))).toBe(
      v.identifierRequired,
    );
    expect(firstMessage(loginBodySchema.safeParse({ identifier: 'maria', password: '' }))).toBe(
      v.passwordRequired,
    );
  });

  it('accepts an optional 6-digit TOTP code only', () => {
    expect(
      loginBodySchema.safeParse({ identifier: 'a', password: 'b', totp: '123456' }).success,
    ).toBe(true);
    expect(
      loginBodySchema.safeParse({ identifier: 'a', password: 'b', totp: '12345' }).success,
    ).toBe(false);
  });
});

describe('password reset schemas', () => {
  it('uses the forgot-password email message', () => {
    expect(firstMessage(forgotPasswordBodySchema.safeParse({ email: 'x@' }))).toBe(
      v.forgotEmailInvalid,
    );
  });

  it('uses the reset-password length message', () => {
    expect(firstMessage(resetPasswordBodySchema.safeParse({ password: 'short', token: 't' }))).toBe(
      v.resetPasswordMin,
    );
  });

  it('reports a mismatched confirmation on the confirmation field', () => {
    const result = resetPasswordFormSchema.safeParse({
      password: 'segredo123',
      confirmPassword: 'segredo124',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: v.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
  });
});
