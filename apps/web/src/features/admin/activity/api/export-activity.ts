import type { ActivityExportQuery } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';

/** CSV of the activity lines matching the screen's filters, saved as `atividades.csv`. */
export function exportActivity(filters: ActivityExportQuery) {
  return downloadWithToken('/activity/export', 'atividades.csv', { ...filters });
}

export function useExportActivity() {
  return useMutation({ mutationFn: exportActivity });
}
