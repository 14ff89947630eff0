import { loaderReleasesResponseSchema, messageResponseSchema } from '@chaveiro/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getLoaderReleases(id: string, signal?: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(id)}/loader-releases`, {
    schema: loaderReleasesResponseSchema,
    signal,
  });
}

export function loaderReleasesQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.loaderReleases(id),
    queryFn: ({ signal }) => getLoaderReleases(id, signal),
  });
}

/** `GET /api/products/:id/loader-releases`: the loader hashes accepted as official. */
export function useLoaderReleases(id: string) {
  return useQuery(loaderReleasesQueryOptions(id));
}

export function removeLoaderRelease({ id, releaseId }: { id: string; releaseId: string }) {
  return api.delete(
    `/products/${encodeURIComponent(id)}/loader-releases/${encodeURIComponent(releaseId)}`,
    { schema: messageResponseSchema },
  );
}

/** "Remover versão": loaders with that hash count as unknown from now on. */
export function useRemoveLoaderRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLoaderRelease,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.loaderReleases(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]),
  });
}
