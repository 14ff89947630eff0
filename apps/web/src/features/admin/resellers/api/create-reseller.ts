import { createResellerResponseSchema, type CreateResellerInput } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterResellerChange } from './invalidate';

/** `new` creates an account; `existing` promotes a client (spec §7 POST /api/resellers). */
export function createReseller(body: CreateResellerInput) {
  return api.post('/resellers', body, { schema: createResellerResponseSchema });
}

export function useCreateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReseller,
    onSuccess: () => invalidateAfterResellerChange(queryClient),
  });
}
