import { messages } from '@chaveiro/contract';
import type { z } from 'zod';
import { API_BASE, ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { getToken } from '@/lib/session';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart form to `path` (under /api) and parses the answer with `schema`.
 * XMLHttpRequest rather than fetch, because only XHR reports upload progress.
 */
export function sendMultipart<S extends z.ZodType>(
  path: string,
  body: FormData,
  schema: S,
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void,
): Promise<z.infer<S>> {
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
    xhr.open('POST', `${API_BASE}${path}`);
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
      const parsed = schema.safeParse(data);
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
    xhr.send(body);
  });
}
