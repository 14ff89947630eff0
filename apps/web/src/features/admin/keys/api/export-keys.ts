import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';
import type { KeysSelection } from './get-keys';

/**
 * CSV of the keys matching the list's current filters (or of the selected `ids`, at most one
 * page), saved as `chaves.csv`.
 */
export function exportKeys({ ids, ...filters }: KeysSelection & { ids?: string[] }) {
  return downloadWithToken('/keys/export.csv', 'chaves.csv', {
    ...filters,
    ids: ids?.join(','),
  });
}

export function useExportKeys() {
  return useMutation({ mutationFn: exportKeys });
}
