import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearToken } from '@/lib/session';

/** Spec §4: logout removes the token and goes to /auth; cached data of the user goes too. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
    void navigate('/auth', { replace: true });
  }, [navigate, queryClient]);
}
