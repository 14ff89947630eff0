import type { KeysExportQuery } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';

/** CSV of the keys matching the list's current filters, saved as `chaves.csv`. */
export function exportKeys(filters: KeysExportQuery) {
  return downloadWithToken('/keys/export.csv', 'chaves.csv', { ...filters });
}

export function useExportKeys() {
  return useMutation({ mutationFn: exportKeys });
}
