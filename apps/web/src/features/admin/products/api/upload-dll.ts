import { uploadDllResponseSchema, type UploadDllResponse } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterProductChange } from './invalidate';
import { sendMultipart } from './send-multipart';

export interface UploadDllVariables {
  id: string;
  file: File;
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** `POST /api/products/{id}/upload-dll` (multipart field `dllFile`), with upload progress. */
export function uploadDll({
  id,
  file,
  onProgress,
}: UploadDllVariables): Promise<UploadDllResponse> {
  const body = new FormData();
  body.append('dllFile', file, file.name);
  return sendMultipart(
    `/products/${encodeURIComponent(id)}/upload-dll`,
    body,
    uploadDllResponseSchema,
    onProgress,
  );
}

export function useUploadDll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDll,
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
