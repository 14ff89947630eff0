import { productOperationalResponseSchema, type ProductOperationalBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function setProductOperational({ id, body }: { id: string; body: ProductOperationalBody }) {
  return api.patch(`/products/${encodeURIComponent(id)}/operational`, body, {
    schema: productOperationalResponseSchema,
  });
}

/**
 * `PATCH /api/products/:id/operational`. Afterwards the catalogue (and each product's history
 * under it), the customers' pages (their subscriptions froze or ran again), the dashboard and
 * the audit log are stale.
 */
export function useSetProductOperational() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductOperational,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]),
  });
}
