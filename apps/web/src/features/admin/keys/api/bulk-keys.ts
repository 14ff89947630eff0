import { bulkResponseSchema, type KeysBulkBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterKeyChange } from './invalidate';

/** Ban or delete the selected keys (ids) or every key matching the filters. */
export function bulkKeys(body: KeysBulkBody) {
  return api.post('/keys/bulk', body, { schema: bulkResponseSchema });
}

export function useBulkKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkKeys,
    onSuccess: () => invalidateAfterKeyChange(queryClient),
  });
}
