import {
  PRODUCT_OPERATIONAL_STATUSES,
  type ProductOperationalStatus,
  type PublicStatus,
} from '@chaveiro/contract';

/**
 * `GET /api/status`: public, no session, cacheable for 30 s. The status page is a public page
 * held to the landing's budget, so it calls `fetch` itself and checks the answer's shape by hand:
 * the API client and zod would more than double the JavaScript it loads (about 40 KB gzip), and
 * zod's first parse probes `new Function`, which the CSP refuses and Chrome reports as an issue.
 */
export async function getPublicStatus(signal?: AbortSignal): Promise<PublicStatus> {
  const response = await fetch('/api/status', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`GET /api/status answered ${String(response.status)}`);
  const body: unknown = await response.json();
  if (!isPublicStatus(body)) throw new Error('GET /api/status answered an unreadable body');
  return body;
}

const STATUSES: ReadonlySet<unknown> = new Set(PRODUCT_OPERATIONAL_STATUSES);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isStatus = (value: unknown): value is ProductOperationalStatus => STATUSES.has(value);

const isInstant = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

function isProduct(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isStatus(value.status) &&
    (value.note === null || typeof value.note === 'string') &&
    isInstant(value.since) &&
    Array.isArray(value.days) &&
    value.days.every((day) => isRecord(day) && typeof day.date === 'string' && isStatus(day.status))
  );
}

/** `publicStatusSchema`'s shape, what the page reads of it. */
export function isPublicStatus(value: unknown): value is PublicStatus {
  return (
    isRecord(value) &&
    isInstant(value.generatedAt) &&
    Array.isArray(value.products) &&
    value.products.every(isProduct)
  );
}
