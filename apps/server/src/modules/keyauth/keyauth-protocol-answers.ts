import { createHmac } from 'node:crypto';
import type { LoaderRefusalCode } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { LoaderRefusalError } from '../loader/index.js';

/**
 * Answers of the KeyAuth-compatible loader API (docs/keyauth-compat.md): JSON objects with
 * `success` and `message`, always HTTP 200, as KeyAuth's SDKs parse them.
 */
export interface KeyAuthAnswer {
  success: boolean;
  message: string;
  [field: string]: unknown;
}

/** The API versions spoken: 1.3 signs with Ed25519, 1.2 with an HMAC. */
export type KeyAuthVersion = '1.2' | '1.3';

/** A refusal of the KeyAuth protocol itself (a missing field, a session not validated...). */
export class KeyAuthRefusal extends Error {
  /** The ownerid a malformed request seemed to send (1.3 answers name it). */
  ownerId: string | undefined;

  constructor(message: string) {
    super(message);
    this.name = 'KeyAuthRefusal';
  }
}

export function refuseKeyAuth(message: string): never {
  throw new KeyAuthRefusal(message);
}

/** Any failure of a KeyAuth call as its answer; undefined for an unexpected (5xx) one. */
export function failureOf(error: unknown): KeyAuthAnswer | undefined {
  if (error instanceof KeyAuthRefusal) return { success: false, message: error.message };
  if (error instanceof LoaderRefusalError) return refusal(error.code, error.product?.note);
  const status = statusOf(error);
  if (status === 429) return refusal('RATE_LIMITED');
  // A body too large or of another type, a unique index refusing a racing write...
  if (status !== undefined && status >= 400 && status < 500) return refusal('INVALID_REQUEST');
  return undefined;
}

/** Refusals of our loader's rules that KeyAuth's answers word in their own way. */
const keyauthWording: Partial<Record<LoaderRefusalCode, string>> =
  messages.keyauthProtocol.refusals;

/**
 * The answer of a loader refusal: its pt-BR message, in KeyAuth's words where they differ,
 * else as our own loader API words it. KeyAuth's answers have no field for a product's status:
 * the seller's note (PRODUCT_UPDATING, PRODUCT_UNAVAILABLE) follows the message, which every
 * SDK shows.
 */
export function refusal(code: LoaderRefusalCode, note?: string | null): KeyAuthAnswer {
  const message = keyauthWording[code] ?? messages.loader.refusals[code];
  return { success: false, message: note ? `${message} ${note}` : message };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/**
 * JSON with every character past ASCII escaped as `\uXXXX`: the C# SDK reads answers with the
 * system's ANSI code page (Encoding.Default) and verifies the signature over those bytes, so
 * only ASCII survives the round trip unchanged in every SDK.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * 1.3: `x-signature-ed25519` is the hex Ed25519 signature of the decimal unix time in
 * `x-signature-timestamp` followed by the exact body (ASCII, so its UTF-8 bytes are itself).
 * The SDKs reject a timestamp more than 20 s behind their clock: it is wall-clock time.
 * `sign` answers base64 (Signer.sign, or signAnswer, which may sign on a worker thread).
 */
export async function ed25519Headers(
  sign: (text: string) => string | Promise<string>,
  body: string,
  nowMs: number,
): Promise<{ 'x-signature-timestamp': string; 'x-signature-ed25519': string }> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const signature = Buffer.from(await sign(timestamp + body), 'base64').toString('hex');
  return { 'x-signature-timestamp': timestamp, 'x-signature-ed25519': signature };
}

/** 1.2: `signature` is the hex HMAC-SHA256 of the body (keyed by the secret or the enckey). */
export function hmacSignature(key: string, body: string): string {
  return createHmac('sha256', key).update(body).digest('hex');
}
