import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export type AccountField = 'username' | 'password' | 'email';

/** The manage dialog changes exactly one field per call (spec §3 account change). */
export function updateUserAccount({
  userId,
  field,
  value,
}: {
  userId: string;
  field: AccountField;
  value: string;
}) {
  return api.patch(
    `/users/${encodeURIComponent(userId)}/account`,
    { [field]: value },
    { schema: messageResponseSchema },
  );
}

export function useUpdateUserAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserAccount,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
