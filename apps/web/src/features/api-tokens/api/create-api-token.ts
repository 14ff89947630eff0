import { createApiTokenResponseSchema, type CreateApiTokenInput } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/api-tokens`: the answer is the only place the whole token ever appears. */
export function createApiToken(body: CreateApiTokenInput) {
  return api.post('/api-tokens', body, { schema: createApiTokenResponseSchema });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
