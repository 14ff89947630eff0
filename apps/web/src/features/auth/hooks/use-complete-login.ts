import type { LoginResponse } from '@chaveiro/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { homePathForRole, setToken } from '@/lib/session';

/** Stores the session, says so and opens the user's area by role (spec §2, §8). */
export function useCompleteLogin() {
  const navigate = useNavigate();
  return (response: LoginResponse) => {
    setToken(response.token);
    toast.success(response.message);
    void navigate(homePathForRole(response.role), { replace: true });
  };
}
