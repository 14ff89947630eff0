import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';

/**
 * `GET /api/client/subscriptions/{id}/loader`, saved under the server's name (it carries the
 * version). Failures (paused, expired, no loader) toast the server's pt-BR message.
 */
export function downloadLoader({ subscriptionId }: { subscriptionId: string }) {
  return downloadWithToken(
    `/client/subscriptions/${encodeURIComponent(subscriptionId)}/loader`,
    'loader.exe',
  );
}

export function useDownloadLoader() {
  return useMutation({ mutationFn: downloadLoader });
}
