import { loaderPublicKeySchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/loader/public-key`: the key signing loader answers and, after a rotation, the
 * `previous` ones still published (docs/loader-protocol.md, "Signing keys").
 */
export function getLoaderPublicKey(signal?: AbortSignal) {
  return api.get('/loader/public-key', { schema: loaderPublicKeySchema, signal });
}

export function loaderPublicKeyQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.loaderPublicKey,
    queryFn: ({ signal }) => getLoaderPublicKey(signal),
  });
}

export function useLoaderPublicKey() {
  return useQuery(loaderPublicKeyQueryOptions());
}
