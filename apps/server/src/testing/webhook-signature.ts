import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a receiver does with `Chaveiro-Signature` (docs/webhooks.md): recompute the HMAC over
 * "<t>.<body>" with the secret, compare in constant time, and refuse a `t` older than 5 minutes.
 */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret)
    .update(`${String(t)}.${body}`)
    .digest('hex');
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}
