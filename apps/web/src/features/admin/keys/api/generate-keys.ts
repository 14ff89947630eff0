import { generateKeysResponseSchema, type GenerateKeysBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterKeyChange } from './invalidate';

export function generateKeys(body: GenerateKeysBody) {
  return api.post('/keys', body, { schema: generateKeysResponseSchema });
}

export function useGenerateKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateKeys,
    onSuccess: () => invalidateAfterKeyChange(queryClient),
  });
}
