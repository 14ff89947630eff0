import { API_BASE } from '@/lib/api-client';
import { bypassTexts } from '../texts';

/** `GET /api/bypass/check/{uid}` as an integrator calls it, against this site's own address. */
export function checkCurlCommand(apiKey: string): string {
  const uid = bypassTexts.usage.uidPlaceholder;
  return `curl -H "X-Api-Key: ${apiKey}" ${window.location.origin}${API_BASE}/bypass/check/${uid}`;
}
