import { TIMING } from '@chaveiro/contract';
import { useEffect } from 'react';
import { rememberInactivitySignOut } from '@/lib/session';
import { startInactivityTimer } from '@/lib/inactivity';
import { useLogout } from './use-logout';

/**
 * Spec §4: after 7 idle minutes both guarded areas log out and say why. The reason is shown on
 * /auth until dismissed: a toast would be gone before the user is back at the screen.
 */
export function useInactivityLogout(): void {
  const logout = useLogout();
  useEffect(
    () =>
      startInactivityTimer({
        timeoutMs: TIMING.inactivityTimeoutMs,
        onIdle: () => {
          rememberInactivitySignOut();
          logout();
        },
      }),
    [logout],
  );
}
