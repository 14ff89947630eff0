import { massActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAllData } from './refresh-all-data';

/** Frees every HWID of every non-admin account; the answer says how many accounts. */
export function resetAllHwids() {
  return api.post('/admin-actions/reset-all-hwids', undefined, {
    schema: massActionResponseSchema,
  });
}

export function useResetAllHwids() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAllHwids,
    onSuccess: () => refreshAllData(queryClient),
  });
}
