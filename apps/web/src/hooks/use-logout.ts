import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/session';

/**
 * Spec §4: logout removes the token and goes to /auth; cached data of the user goes too.
 * The server ends the session first, so the token stops working everywhere, not only here.
 * The call is not awaited: the request takes the token as it is sent, and a failure (offline,
 * session already ended) must never keep anyone logged in.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (getToken()) api.post('/auth/logout').catch(() => undefined);
    clearToken();
    queryClient.clear();
    void navigate('/auth', { replace: true });
  }, [navigate, queryClient]);
}
