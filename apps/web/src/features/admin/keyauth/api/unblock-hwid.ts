import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateHwidBlacklist } from './invalidate';

/** `DELETE /api/products/:id/hwid-blacklist/:hwid` (the HWID URL-encoded). */
export function unblockHwid({ productId, hwid }: { productId: string; hwid: string }) {
  return api.delete(
    `/products/${encodeURIComponent(productId)}/hwid-blacklist/${encodeURIComponent(hwid)}`,
    { schema: messageResponseSchema },
  );
}

export function useUnblockHwid(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockHwid,
    onSettled: () => invalidateHwidBlacklist(queryClient, productId),
  });
}
