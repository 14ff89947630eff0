import { messages, uploadDllResponseSchema, type UploadDllResponse } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { invalidateAfterProductChange } from './invalidate';

export interface UploadDllVariables {
  id: string;
  file: File;
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/products/{id}/upload-dll` (multipart field `dllFile`). XMLHttpRequest rather than
 * fetch, because only XHR reports upload progress.
 */
export function uploadDll({
  id,
  file,
  onProgress,
}: UploadDllVariables): Promise<UploadDllResponse> {
  const token = getToken();
  if (!token) {
    return Promise.reject(
      new ApiError(
        0,
        CLIENT_ERROR_CODES.notAuthenticated,
        messages.errors.notAuthenticatedBeforeCall,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/products/${encodeURIComponent(id)}/upload-dll`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, CLIENT_ERROR_CODES.network, messages.errors.networkOrInvalidResponse));
    xhr.onload = () => {
      const data = parseJson(xhr.responseText) as { message?: unknown; code?: unknown } | undefined;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(
          new ApiError(
            xhr.status,
            typeof data?.code === 'string' ? data.code : CLIENT_ERROR_CODES.unknown,
            typeof data?.message === 'string' ? data.message : messages.errors.writeFallback,
            true,
          ),
        );
        return;
      }
      const parsed = uploadDllResponseSchema.safeParse(data);
      if (parsed.success) {
        onProgress?.(1);
        resolve(parsed.data);
      } else {
        reject(
          new ApiError(
            xhr.status,
            CLIENT_ERROR_CODES.invalidResponse,
            messages.errors.networkOrInvalidResponse,
          ),
        );
      }
    };
    const body = new FormData();
    body.append('dllFile', file, file.name);
    xhr.send(body);
  });
}

export function useUploadDll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDll,
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
