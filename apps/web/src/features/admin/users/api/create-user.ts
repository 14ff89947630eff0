import { createUserResponseSchema, type CreateUserBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export function createUser(body: CreateUserBody) {
  return api.post('/users', body, { schema: createUserResponseSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
