import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';

/** `GET /api/products/{id}/dll`, saved under the file's original name. */
export function downloadDll({ id, fileName }: { id: string; fileName: string }) {
  return downloadWithToken(`/products/${encodeURIComponent(id)}/dll`, fileName);
}

export function useDownloadDll() {
  return useMutation({ mutationFn: downloadDll });
}
