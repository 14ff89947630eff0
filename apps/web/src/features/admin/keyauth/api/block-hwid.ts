import { hwidBlacklistSavedResponseSchema, type HwidBlacklistBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateHwidBlacklist } from './invalidate';

/** `POST /api/products/:id/hwid-blacklist`: the product's loaders refuse that machine. */
export function blockHwid({ productId, body }: { productId: string; body: HwidBlacklistBody }) {
  return api.post(`/products/${encodeURIComponent(productId)}/hwid-blacklist`, body, {
    schema: hwidBlacklistSavedResponseSchema,
  });
}

export function useBlockHwid(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockHwid,
    onSettled: () => invalidateHwidBlacklist(queryClient, productId),
  });
}
