import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notification signed longer ago than this is refused (and its request id forgotten after). */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;
/** Clock difference tolerated for a ts slightly in the future. */
export const WEBHOOK_MAX_SKEW_MS = 60_000;

export interface WebhookSignatureInput {
  secret: string;
  /** The `x-signature` header: `ts=<epoch seconds>,v1=<hex HMAC>`. */
  signature: string | undefined;
  /** The `x-request-id` header. */
  requestId: string | undefined;
  /** `data.id` from the query string (never from the body). */
  dataId: string | undefined;
  nowMs: number;
}

/**
 * Checks a Mercado Pago notification as its documentation ("Webhooks > Validate notification
 * origin") says: the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (data.id in
 * lower case when alphanumeric), HMAC-SHA256 with the webhook secret, hex, compared in constant
 * time with v1; plus a freshness window on ts. Answers the signed ts (seconds), or null.
 */
export function verifyWebhookSignature(input: WebhookSignatureInput): number | null {
  const { secret, signature, requestId, dataId, nowMs } = input;
  if (!secret || !signature || !requestId || !dataId) return null;
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of signature.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'v1') v1 = value;
  }
  if (!ts || !/^\d{1,12}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  const tsMs = Number(ts) * 1000;
  if (nowMs - tsMs > WEBHOOK_MAX_AGE_MS || tsMs - nowMs > WEBHOOK_MAX_SKEW_MS) return null;
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const manifest = `id:${id};request-id:${requestId};ts:${ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(ts);
}
