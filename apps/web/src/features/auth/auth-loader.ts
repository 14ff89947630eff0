import { replace } from 'react-router';
import { clearToken, decodeToken, getToken, homePathForRole, isExpired } from '@/lib/session';

/**
 * Loader of /auth (spec §2): a visitor who is already signed in goes straight to their area,
 * replacing the history entry; a token that cannot be read, has expired or names no known role
 * is removed and the forms are shown.
 */
export function authLoader() {
  const token = getToken();
  if (!token) return null;
  const claims = decodeToken(token);
  if (!claims || claims.role === null || isExpired(claims, Date.now())) {
    clearToken();
    return null;
  }
  return replace(homePathForRole(claims.role));
}
