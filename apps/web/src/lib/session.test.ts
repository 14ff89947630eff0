import { describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import {
  clearToken,
  decodeToken,
  evaluateSession,
  getToken,
  homePathForRole,
  isExpired,
  msUntilExpiry,
  normalizeRole,
  setToken,
  subscribeToToken,
  TOKEN_STORAGE_KEY,
} from './session';

const FUTURE = 4_102_444_800; // 2100-01-01 in seconds

describe('decodeToken', () => {
  it('reads sub, username, role and exp from a JWT payload, including non-ASCII names', () => {
    const token = fakeToken({ sub: 'u-1', username: 'joão', role: 'admin', exp: FUTURE });
    expect(decodeToken(token)).toEqual({
      sub: 'u-1',
      username: 'joão',
      role: 'admin',
      exp: FUTURE,
    });
  });

  it.each([
    ['an empty value', ''],
    ['no token', null],
    ['a word', 'garbage'],
    ['three segments of noise', 'a.b.c'],
    ['a payload that is not JSON', `x.${btoa('not json')}.y`],
    ['a payload without exp', fakeToken({ exp: undefined, username: 'ana' })],
    ['a payload whose exp is text', fakeToken({ exp: 'tomorrow' })],
  ])('returns null for %s', (_label, token) => {
    expect(decodeToken(token)).toBeNull();
  });

  it('keeps a token with an unknown role readable but without a role', () => {
    expect(decodeToken(fakeToken({ role: 'superuser', exp: FUTURE }))?.role).toBeNull();
  });
});

describe('isExpired', () => {
  it('is false while exp is not earlier than now, true one millisecond after', () => {
    const claims = { exp: 1_000 };
    expect(isExpired(claims, 999_999)).toBe(false);
    expect(isExpired(claims, 1_000_000)).toBe(false);
    expect(isExpired(claims, 1_000_001)).toBe(true);
  });

  it('counts the milliseconds left until expiry', () => {
    expect(msUntilExpiry({ exp: 1_000 }, 990_000)).toBe(10_001);
    expect(msUntilExpiry({ exp: 1_000 }, 1_000_001)).toBe(0);
  });
});

describe('normalizeRole', () => {
  it.each([
    ['admin', 'admin'],
    ['Admin', 'admin'],
    ['RESELLER', 'reseller'],
    ['client', 'client'],
    ['user', 'client'],
    ['USER', 'client'],
    ['Cliente', 'client'],
    ['hacker', null],
    [42, null],
    [undefined, null],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeRole(input)).toBe(expected);
  });
});

describe('homePathForRole', () => {
  it('sends admins, resellers and everyone else to their home', () => {
    expect(homePathForRole('Admin')).toBe('/admin/dashboard');
    expect(homePathForRole('reseller')).toBe('/reseller/dashboard');
    expect(homePathForRole('Cliente')).toBe('/dashboard');
    expect(homePathForRole(undefined)).toBe('/dashboard');
  });
});

describe('evaluateSession', () => {
  const now = Date.UTC(2030, 0, 1);
  const nowSeconds = now / 1000;

  it('admits a readable, unexpired token whose role is allowed', () => {
    const token = fakeToken({ role: 'Cliente', username: 'ana', exp: nowSeconds + 60 });
    const verdict = evaluateSession(token, ['client', 'reseller'], now);
    expect(verdict).toMatchObject({ ok: true, claims: { role: 'client', username: 'ana' } });
  });

  it('names why it refuses', () => {
    const admin = (exp: number) => fakeToken({ role: 'admin', exp });
    expect(evaluateSession(null, ['admin'], now)).toEqual({ ok: false, reason: 'missing' });
    expect(evaluateSession('junk', ['admin'], now)).toEqual({ ok: false, reason: 'undecodable' });
    expect(evaluateSession(admin(nowSeconds - 1), ['admin'], now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(evaluateSession(admin(nowSeconds + 60), ['client'], now)).toEqual({
      ok: false,
      reason: 'forbidden',
    });
  });
});

describe('token storage', () => {
  it(`keeps the token in localStorage under "${TOKEN_STORAGE_KEY}"`, () => {
    setToken('abc');
    expect(window.localStorage.getItem('authToken')).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('tells subscribers about changes here and in other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToken(listener);
    setToken('abc');
    clearToken();
    clearToken(); // nothing left to remove: no notification
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    unsubscribe();
    setToken('def');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
