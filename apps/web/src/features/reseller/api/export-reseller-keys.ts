import type { ResellerKeysExportQuery } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';

/** CSV of the reseller's keys matching the list's current filters. */
export function exportResellerKeys(filters: ResellerKeysExportQuery) {
  return downloadWithToken('/reseller/keys/export', 'minhas-chaves.csv', { ...filters });
}

export function useExportResellerKeys() {
  return useMutation({ mutationFn: exportResellerKeys });
}
