import type { Role } from '@chaveiro/contract';
import { useEffect, useMemo } from 'react';
import { replace, useNavigate } from 'react-router';
import { useToken } from '@/hooks/use-session';
import {
  clearToken,
  decodeToken,
  evaluateSession,
  getToken,
  hasRole,
  msUntilExpiry,
  type SessionClaims,
} from '@/lib/session';

/** Who may enter each protected section (spec §2, §6). */
export const SECTIONS = {
  admin: { allowedRoles: ['admin'] },
  customer: { allowedRoles: ['client', 'reseller'] },
  reseller: { allowedRoles: ['reseller'] },
} as const satisfies Record<string, { allowedRoles: readonly Role[] }>;

export type Section = keyof typeof SECTIONS;

export const AUTH_PATH = '/auth';

/** setTimeout's largest delay; longer waits are scheduled in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Route loader of a protected section: runs before any of the section's code renders and sends
 * the visitor to /auth, replacing the history entry, when the stored token does not admit them.
 */
export function sectionLoader(section: Section) {
  return function requireSession() {
    const verdict = evaluateSession(getToken(), SECTIONS[section].allowedRoles, Date.now());
    if (verdict.ok) return null;
    clearToken();
    return replace(AUTH_PATH);
  };
}

/**
 * Keeps the section guarded while it is open: a token removed, replaced or expiring later (here
 * or in another tab) sends the visitor to /auth. Returns the claims while they admit the visitor.
 */
export function useSectionGuard(section: Section): SessionClaims | null {
  const token = useToken();
  const navigate = useNavigate();
  const allowed = SECTIONS[section].allowedRoles;
  const claims = useMemo(() => decodeToken(token), [token]);

  useEffect(() => {
    const verdict = evaluateSession(token, allowed, Date.now());
    if (!verdict.ok) {
      clearToken();
      void navigate(AUTH_PATH, { replace: true });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expireLater = () => {
      const wait = msUntilExpiry(verdict.claims, Date.now());
      if (wait === 0) {
        clearToken();
        return;
      }
      timer = setTimeout(expireLater, Math.min(wait, MAX_TIMER_MS));
    };
    expireLater();
    return () => clearTimeout(timer);
  }, [token, allowed, navigate]);

  return claims && hasRole(claims.role, allowed) ? claims : null;
}
