import { createBypassApiKeyResponseSchema, type CreateBypassApiKeyBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBypassChange } from './invalidate';

/** `POST /api/bypass/api-keys`: the answer is the only place the full key ever appears. */
export function createBypassApiKey(body: CreateBypassApiKeyBody) {
  return api.post('/bypass/api-keys', body, { schema: createBypassApiKeyResponseSchema });
}

export function useCreateBypassApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBypassApiKey,
    onSuccess: () => invalidateAfterBypassChange(queryClient),
  });
}
