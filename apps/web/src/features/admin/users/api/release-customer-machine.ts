import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export function releaseCustomerMachine({
  userId,
  machineId,
}: {
  userId: string;
  machineId: string;
}) {
  return api.delete(
    `/users/${encodeURIComponent(userId)}/machines/${encodeURIComponent(machineId)}`,
    { schema: messageResponseSchema },
  );
}

/** 'Liberar' on the customer page: one machine unbound, the others stay. */
export function useReleaseCustomerMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseCustomerMachine,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
