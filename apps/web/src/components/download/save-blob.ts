import { ApiError, API_BASE, CLIENT_ERROR_CODES, type QueryParams } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { messages } from '@chaveiro/contract';

/** The file name of a `Content-Disposition` answer, preferring the UTF-8 form (RFC 6266). */
function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the ASCII name
    }
  }
  const ascii = /filename="([^"]+)"/i.exec(header);
  return ascii?.[1] ?? null;
}

/**
 * Downloads an authenticated file: a plain link cannot send the bearer token, so the file is
 * fetched with it, turned into a blob and saved under `fallbackName` (or the server's name).
 */
export async function downloadWithToken(
  path: string,
  fallbackName: string,
  query?: QueryParams,
): Promise<void> {
  const token = getToken();
  if (!token) {
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.notAuthenticated,
      messages.errors.notAuthenticatedBeforeCall,
    );
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, CLIENT_ERROR_CODES.network, messages.errors.networkOrInvalidResponse);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      message?: unknown;
      code?: unknown;
    } | null;
    throw new ApiError(
      response.status,
      typeof body?.code === 'string' ? body.code : CLIENT_ERROR_CODES.unknown,
      typeof body?.message === 'string' ? body.message : messages.errors.networkOrInvalidResponse,
      true,
    );
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName);
}

/** Saves `blob` as a file through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL dies.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
