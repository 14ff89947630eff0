import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/api-tokens/:id`: the token answers 401 from the next call on. */
export function revokeApiToken(id: string) {
  return api.delete(`/api-tokens/${encodeURIComponent(id)}`, { schema: messageResponseSchema });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    // A 409 (already revoked) or 404 means the list is stale: read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
