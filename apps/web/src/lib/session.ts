import type { Role } from '@chaveiro/contract';

/** localStorage key of the session token (spec §3). */
export const TOKEN_STORAGE_KEY = 'authToken';

/** What the web reads from the token; the server verifies the signature, never the client. */
export interface SessionClaims {
  sub: string;
  username: string;
  /** Normalised role, or null when the token carries a role this client does not know. */
  role: Role | null;
  /** Expiry in seconds since the epoch. */
  exp: number;
}

export type SessionVerdict =
  | { ok: true; claims: SessionClaims }
  | { ok: false; reason: 'missing' | 'undecodable' | 'expired' | 'forbidden' };

const TOKEN_CHANGE_EVENT = 'chaveiro:token-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy modes); behave as logged out.
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  forgetInactivitySignOut();
  notifyTokenChange();
}

export function clearToken(): void {
  const store = storage();
  if (store?.getItem(TOKEN_STORAGE_KEY) == null) return;
  store.removeItem(TOKEN_STORAGE_KEY);
  notifyTokenChange();
}

/** sessionStorage key remembering, for this tab, that the last session ended by inactivity. */
const INACTIVITY_SIGN_OUT_KEY = 'chaveiro:signed-out-by-inactivity';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Kept outside the navigation so /auth shows why the session ended however it is reached (the
 * logout and the section guard both send the visitor there), until dismissed or a new login.
 */
export function rememberInactivitySignOut(): void {
  tabStorage()?.setItem(INACTIVITY_SIGN_OUT_KEY, '1');
}

export function wasSignedOutByInactivity(): boolean {
  return tabStorage()?.getItem(INACTIVITY_SIGN_OUT_KEY) === '1';
}

export function forgetInactivitySignOut(): void {
  tabStorage()?.removeItem(INACTIVITY_SIGN_OUT_KEY);
}

function notifyTokenChange(): void {
  window.dispatchEvent(new Event(TOKEN_CHANGE_EVENT));
}

/**
 * Calls `listener` whenever the token changes in this tab (setToken/clearToken) or in another tab
 * (the `storage` event), so open pages follow a login or logout elsewhere.
 */
export function subscribeToToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) listener();
  };
  window.addEventListener(TOKEN_CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TOKEN_CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Roles are compared case-insensitively, and `client`, `user` and `Cliente` all name the client
 * role (spec §1, DESIGN.md).
 */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  switch (value.trim().toLowerCase()) {
    case 'admin':
      return 'admin';
    case 'reseller':
      return 'reseller';
    case 'client':
    case 'user':
    case 'cliente':
      return 'client';
    default:
      return null;
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the JWT payload without verifying it; null when the token cannot be read. */
export function decodeToken(token: string | null | undefined): SessionClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, username, role, exp } = payload as Record<string, unknown>;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return {
    sub: typeof sub === 'string' ? sub : '',
    username: typeof username === 'string' ? username : '',
    role: normalizeRole(role),
    exp,
  };
}

/** Spec §4: a token is expired when exp is earlier than the current time in seconds. */
export function isExpired(claims: Pick<SessionClaims, 'exp'>, nowMs: number): boolean {
  return claims.exp < nowMs / 1000;
}

/** Milliseconds until `isExpired` turns true (0 when it already is). */
export function msUntilExpiry(claims: Pick<SessionClaims, 'exp'>, nowMs: number): number {
  return Math.max(0, Math.floor(claims.exp * 1000 - nowMs) + 1);
}

export function hasRole(role: Role | null, allowed: readonly Role[]): boolean {
  return role !== null && allowed.includes(role);
}

/** The section guard's decision (spec §2), pure so loaders, hooks and tests share it. */
export function evaluateSession(
  token: string | null,
  allowed: readonly Role[],
  nowMs: number,
): SessionVerdict {
  if (!token) return { ok: false, reason: 'missing' };
  const claims = decodeToken(token);
  if (!claims) return { ok: false, reason: 'undecodable' };
  if (isExpired(claims, nowMs)) return { ok: false, reason: 'expired' };
  if (!hasRole(claims.role, allowed)) return { ok: false, reason: 'forbidden' };
  return { ok: true, claims };
}

/** Where a freshly logged-in user lands (spec §2, /auth). */
export function homePathForRole(role: unknown): string {
  switch (normalizeRole(role)) {
    case 'admin':
      return '/admin/dashboard';
    case 'reseller':
      return '/reseller/dashboard';
    default:
      return '/dashboard';
  }
}
