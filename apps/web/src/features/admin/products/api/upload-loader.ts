import { uploadLoaderResponseSchema, type UploadLoaderResponse } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterProductChange } from './invalidate';
import { sendMultipart } from './send-multipart';

export interface UploadLoaderVariables {
  id: string;
  file: File;
  version: string;
  notes: string;
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * `POST /api/products/{id}/loader`: the fields first, then `loaderFile`, so the server has the
 * version and notes when the file arrives.
 */
export function uploadLoader({
  id,
  file,
  version,
  notes,
  onProgress,
}: UploadLoaderVariables): Promise<UploadLoaderResponse> {
  const body = new FormData();
  body.append('version', version);
  body.append('notes', notes);
  body.append('loaderFile', file, file.name);
  return sendMultipart(
    `/products/${encodeURIComponent(id)}/loader`,
    body,
    uploadLoaderResponseSchema,
    onProgress,
  );
}

export function useUploadLoader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLoader,
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
