import { messages, TIMING } from '@chaveiro/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { startInactivityTimer } from '@/lib/inactivity';
import { useLogout } from './use-logout';

/** Spec §4: after 7 idle minutes both guarded areas log out and say why. */
export function useInactivityLogout(): void {
  const logout = useLogout();
  useEffect(
    () =>
      startInactivityTimer({
        timeoutMs: TIMING.inactivityTimeoutMs,
        onIdle: () => {
          logout();
          toast.warning(messages.errors.sessionExpiredByInactivity);
        },
      }),
    [logout],
  );
}
