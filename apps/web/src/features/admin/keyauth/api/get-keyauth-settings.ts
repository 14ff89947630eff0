import {
  KEYAUTH_NOT_CONFIGURED,
  keyAuthSettingsSchema,
  type KeyAuthSettings,
} from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/products/:id/keyauth`: the product's KeyAuth app, or null while compatibility was
 * never saved (the server's 404 KEYAUTH_NOT_CONFIGURED; an unknown product stays an error).
 */
export async function getKeyAuthSettings(
  productId: string,
  signal?: AbortSignal,
): Promise<KeyAuthSettings | null> {
  try {
    return await api.get(`/products/${encodeURIComponent(productId)}/keyauth`, {
      schema: keyAuthSettingsSchema,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === KEYAUTH_NOT_CONFIGURED) return null;
    throw error;
  }
}

export function keyAuthSettingsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.keyauth.settings(productId),
    queryFn: ({ signal }) => getKeyAuthSettings(productId, signal),
  });
}

export function useKeyAuthSettings(productId: string) {
  return useQuery(keyAuthSettingsQueryOptions(productId));
}
