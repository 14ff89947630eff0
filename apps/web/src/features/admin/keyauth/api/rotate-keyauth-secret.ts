import { keyAuthSavedResponseSchema } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreKeyAuthSettings } from './save-keyauth-settings';

/** `POST /api/products/:id/keyauth/secret`: a new app secret; the old one stops at once. */
export function rotateKeyAuthSecret(productId: string) {
  return api.post(`/products/${encodeURIComponent(productId)}/keyauth/secret`, undefined, {
    schema: keyAuthSavedResponseSchema,
  });
}

export function useRotateKeyAuthSecret(productId: string) {
  const store = useStoreKeyAuthSettings(productId);
  return useMutation({ mutationFn: () => rotateKeyAuthSecret(productId), onSuccess: store });
}
