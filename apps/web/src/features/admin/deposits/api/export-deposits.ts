import type { AdminDepositsExportQuery } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';

/** CSV of the deposits matching the list's status and search, saved as `depositos.csv`. */
export function exportDeposits(filters: Partial<AdminDepositsExportQuery>) {
  return downloadWithToken('/admin/deposits/export.csv', 'depositos.csv', { ...filters });
}

export function useExportDeposits() {
  return useMutation({ mutationFn: exportDeposits });
}
