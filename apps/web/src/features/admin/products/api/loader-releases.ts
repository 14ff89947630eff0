import {
  loaderReleasesResponseSchema,
  messageResponseSchema,
  protectionMessages as t,
} from '@chaveiro/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
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

/**
 * "Remover versão": loaders with that hash count as unknown from now on. The toast is the hook's
 * own: the refreshed list unmounts the release before a `mutate` callback would run.
 */
export function useRemoveLoaderRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLoaderRelease,
    onSuccess: (answer, { id }) => {
      toast.success(answer.message || t.releaseRemoved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.loaderReleases(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]);
    },
  });
}
