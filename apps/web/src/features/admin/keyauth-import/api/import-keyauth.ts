import { keyAuthImportSummarySchema, type KeyAuthImportBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/keyauth-import: both exports' text in one JSON body. */
export function importKeyAuth(body: KeyAuthImportBody) {
  return api.post('/admin/keyauth-import', body, { schema: keyAuthImportSummarySchema });
}

export function useImportKeyAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importKeyAuth,
    // The screen shows the refusal (with its line) beside the form, where it stays readable.
    meta: { errorToast: false },
    // Users, keys, subscriptions and the activity log all changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
