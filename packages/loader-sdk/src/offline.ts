import { concatBytes, decodeBase64Url, sha256Hex } from './encoding.js';
import type { LoaderCrypto } from './loader-crypto.js';
import type { TrustedKey } from './verify.js';
import { importTrustedKey } from './verify.js';

/** The signed offline licence an auth or heartbeat answer may carry (docs: "Offline grace"). */
export interface OfflineGrant {
  token: string;
  expiresAt: string;
}

export interface OfflineTokenPayload {
  v: 1;
  keyId: string;
  productId: string;
  subscriptionId: string;
  /** SHA-256 hex of the HWID string. */
  hwid: string;
  username: string;
  issuedAt: string;
  expiresAt: string;
}

/** Why a stored token is not accepted; in English, for logs. */
export type OfflineTokenProblem =
  | 'malformed'
  | 'untrusted_key'
  | 'bad_signature'
  | 'wrong_product'
  | 'wrong_hwid'
  | 'not_yet_valid'
  | 'expired'
  | 'clock_rolled_back';

export type OfflineTokenCheck =
  | { ok: true; payload: OfflineTokenPayload }
  // `payload` once the signature verified, e.g. to say when a lapsed licence expired.
  | { ok: false; problem: OfflineTokenProblem; payload?: OfflineTokenPayload };

/** Both ways: the token's issuedAt, and how far the clock may go back from the latest seen. */
export const OFFLINE_CLOCK_SKEW_MS = 5 * 60 * 1000;

const ED25519 = { name: 'Ed25519' } as const;
const encoder = new TextEncoder();

/**
 * Checks an offline token for this product and machine at `now`: the Ed25519 signature of a
 * trusted key named by its keyId over `chaveiro-offline-v1.<payload>`, the product, the HWID's
 * SHA-256, issuedAt − 5 min ≤ now < expiresAt, and now no more than 5 min before `lastSeen`
 * (the latest time this client has seen, so a clock turned back does not buy time).
 */
export async function checkOfflineToken(
  token: string,
  expected: { productId: string; hwid: string; now: number; lastSeen?: number },
  trustedKeys: readonly TrustedKey[],
): Promise<OfflineTokenCheck> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return { ok: false, problem: 'malformed' };
  const [, payloadText = '', signatureText = ''] = parts;
  const payloadBytes = decodeBase64Url(payloadText);
  const signature = decodeBase64Url(signatureText);
  if (!payloadBytes || !signature || signature.length !== 64) {
    return { ok: false, problem: 'malformed' };
  }
  let payload: OfflineTokenPayload;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes)) as never;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (!isPayload(payload)) return { ok: false, problem: 'malformed' };
  const key = trustedKeys.find((candidate) => candidate.keyId === payload.keyId);
  if (!key) return { ok: false, problem: 'untrusted_key' };
  const verified = await crypto.subtle.verify(
    ED25519,
    await importTrustedKey(key),
    signature,
    encoder.encode(`chaveiro-offline-v1.${payloadText}`),
  );
  if (!verified) return { ok: false, problem: 'bad_signature' };
  if (payload.productId !== expected.productId)
    return { ok: false, problem: 'wrong_product', payload };
  if (payload.hwid !== (await sha256Hex(encoder.encode(expected.hwid)))) {
    return { ok: false, problem: 'wrong_hwid', payload };
  }
  const { now } = expected;
  if (expected.lastSeen !== undefined && now < expected.lastSeen - OFFLINE_CLOCK_SKEW_MS) {
    return { ok: false, problem: 'clock_rolled_back', payload };
  }
  if (now < Date.parse(payload.issuedAt) - OFFLINE_CLOCK_SKEW_MS) {
    return { ok: false, problem: 'not_yet_valid', payload };
  }
  if (now >= Date.parse(payload.expiresAt)) return { ok: false, problem: 'expired', payload };
  return { ok: true, payload };
}

function isPayload(value: unknown): value is OfflineTokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    p.v === 1 &&
    ['keyId', 'productId', 'subscriptionId', 'hwid', 'username', 'issuedAt', 'expiresAt'].every(
      (field) => typeof p[field] === 'string',
    ) &&
    !Number.isNaN(Date.parse(p.issuedAt as string)) &&
    !Number.isNaN(Date.parse(p.expiresAt as string))
  );
}

/** Where the encrypted token lives: a file in Node (`fileOfflineStore`), anything elsewhere. */
export interface OfflineStore {
  /** The stored bytes, or null when nothing is stored. */
  read(): Promise<Uint8Array | null>;
  write(bytes: Uint8Array): Promise<void>;
  remove(): Promise<void>;
}

/** What the store file holds, encrypted. */
export interface OfflineRecord {
  token: string;
  /** The latest time (epoch ms) this client has seen: an answer's or its own clock. */
  lastSeen: number;
}

const STORE_MAGIC = encoder.encode('CHVOFF1\0');
const STORE_NONCE_BYTES = 24;

/** `crypto_generichash(32, "chaveiro-offline-store-v1" || hwid || "\0" || productId)`. */
export function offlineStoreKey(sodium: LoaderCrypto, hwid: string, productId: string) {
  return sodium.genericHash(32, encoder.encode(`chaveiro-offline-store-v1${hwid}\0${productId}`));
}

/** The store file: `CHVOFF1\0`, a 24-byte nonce, then the secretbox of the record's JSON. */
export function sealOfflineRecord(
  sodium: LoaderCrypto,
  record: OfflineRecord,
  key: Uint8Array,
  nonce: Uint8Array = sodium.randomBytes(STORE_NONCE_BYTES),
): Uint8Array {
  const json = encoder.encode(JSON.stringify({ token: record.token, lastSeen: record.lastSeen }));
  return concatBytes(STORE_MAGIC, nonce, sodium.secretbox(json, nonce, key));
}

/** The record in a store file, or null when it is not one or was made for another machine. */
export function openOfflineRecord(
  sodium: LoaderCrypto,
  bytes: Uint8Array,
  key: Uint8Array,
): OfflineRecord | null {
  const prefix = STORE_MAGIC.length + STORE_NONCE_BYTES;
  if (bytes.length <= prefix || !STORE_MAGIC.every((byte, i) => bytes[i] === byte)) return null;
  const json = sodium.secretboxOpen(
    bytes.subarray(prefix),
    bytes.subarray(STORE_MAGIC.length, prefix),
    key,
  );
  if (!json) return null;
  try {
    const record = JSON.parse(new TextDecoder().decode(json)) as Record<string, unknown>;
    if (typeof record.token !== 'string' || typeof record.lastSeen !== 'number') return null;
    return { token: record.token, lastSeen: record.lastSeen };
  } catch {
    return null;
  }
}
