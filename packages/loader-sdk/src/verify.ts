import { decodeBase64, sha256Hex } from './encoding.js';
import { LoaderVerificationError } from './errors.js';

/** A public key the client trusts: `keyId` and the raw 32-byte Ed25519 key as base64. */
export interface TrustedKey {
  keyId: string;
  publicKey: string;
}

export type AnswerData =
  ({ ok: true } & Record<string, unknown>) | { ok: false; code: string; message: string };

/** The signed JSON body of every loader answer (docs/loader-protocol.md, "The signed envelope"). */
export interface Envelope<TData = AnswerData> {
  request: string;
  data: TData;
  nonce: string | null;
  issuedAt: string;
  keyId: string;
}

/** What the answer must echo: the call made, the nonce sent, and the client's clock. */
export interface ExpectedAnswer {
  /** Method and path without the query string, e.g. `POST /api/loader/auth`. */
  request: string;
  nonce: string | null;
  now: Date | number;
}

/** How far `issuedAt` may be from the client's clock, either way. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

const ED25519 = { name: 'Ed25519' } as const;

/** WebCrypto's CryptoKey, named without the DOM or Node typings so both environments fit. */
export type VerifyKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** `keyId` of a raw Ed25519 public key: the first 16 hex characters of its SHA-256. */
export async function keyIdOf(publicKey: Uint8Array): Promise<string> {
  return (await sha256Hex(publicKey)).slice(0, 16);
}

/**
 * Imports a trusted key, refusing a malformed one or one whose `keyId` is not derived from it:
 * a pinning mistake should fail loudly at start, not look like a forged answer later.
 */
export async function importTrustedKey(key: TrustedKey): Promise<VerifyKey> {
  const raw = decodeBase64(key.publicKey);
  if (!raw || raw.length !== 32) {
    throw new TypeError(`Trusted key ${key.keyId}: publicKey must be 32 bytes of base64.`);
  }
  const keyId = await keyIdOf(raw);
  if (keyId !== key.keyId) {
    throw new TypeError(`Trusted key ${key.keyId}: its publicKey has keyId ${keyId}.`);
  }
  return crypto.subtle.importKey('raw', raw, ED25519, false, ['verify']);
}

/**
 * Verifies one loader answer and returns its parsed envelope, or throws
 * `LoaderVerificationError`. In order:
 *
 * 1. `X-Signature` is present, base64, 64 bytes, and verifies over the exact body bytes with one
 *    of the trusted keys — the bytes are verified first and only then decoded and parsed;
 * 2. the body is a UTF-8 JSON envelope whose signed `keyId` names that same key;
 * 3. `request` is exactly the call made (method and path, no query string);
 * 4. `nonce` is the nonce sent with this request (an older answer carries an older nonce);
 * 5. `issuedAt` is at most 5 minutes away from `now`, in either direction.
 *
 * A refusal (`data.ok === false`) is returned like a success: it is a verified answer.
 */
export async function verifyAnswer(
  body: Uint8Array | ArrayBuffer,
  signatureHeader: string | null | undefined,
  expected: ExpectedAnswer,
  trustedKeys: readonly TrustedKey[],
): Promise<Envelope> {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);

  const header = signatureHeader?.trim() ?? '';
  if (header === '') fail('MISSING_SIGNATURE', 'no X-Signature header');
  const signature = decodeBase64(header);
  if (!signature || signature.length !== 64) {
    fail('BAD_SIGNATURE', 'X-Signature is not a base64 Ed25519 signature');
  }

  let signer: TrustedKey | undefined;
  for (const key of trustedKeys) {
    const publicKey = await importTrustedKey(key);
    if (await crypto.subtle.verify(ED25519, publicKey, signature, bytes)) {
      signer = key;
      break;
    }
  }
  if (!signer) {
    // Unverified bytes, read only to tell "signed by a key we do not know" from "tampered".
    const claimed = claimedKeyId(bytes);
    if (claimed !== undefined && !trustedKeys.some((key) => key.keyId === claimed)) {
      fail('UNTRUSTED_KEY', `keyId ${claimed} is not trusted`);
    }
    fail('BAD_SIGNATURE', 'the signature does not verify with any trusted key');
  }

  const envelope = parseEnvelope(bytes);
  if (envelope.keyId !== signer.keyId) {
    fail('BAD_SIGNATURE', `signed by ${signer.keyId} but names keyId ${envelope.keyId}`);
  }
  if (envelope.request !== expected.request) {
    fail('WRONG_REQUEST', `answer to "${envelope.request}", expected "${expected.request}"`);
  }
  if (envelope.nonce !== expected.nonce) {
    fail('WRONG_NONCE', 'the answer does not echo the nonce of this request');
  }
  const issuedAt = Date.parse(envelope.issuedAt);
  if (Number.isNaN(issuedAt)) fail('MALFORMED_ANSWER', 'issuedAt is not a date');
  const now = typeof expected.now === 'number' ? expected.now : expected.now.getTime();
  if (Math.abs(now - issuedAt) > MAX_CLOCK_SKEW_MS) {
    fail(
      'STALE_ANSWER',
      `issued at ${envelope.issuedAt}, client clock ${new Date(now).toISOString()}`,
    );
  }
  return envelope;
}

function fail(code: LoaderVerificationError['code'], detail: string): never {
  throw new LoaderVerificationError(code, detail);
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function claimedKeyId(bytes: Uint8Array): string | undefined {
  const json = parseJson(bytes);
  return isObject(json) && typeof json.keyId === 'string' ? json.keyId : undefined;
}

function parseEnvelope(bytes: Uint8Array): Envelope {
  const json = parseJson(bytes);
  if (
    !isObject(json) ||
    typeof json.request !== 'string' ||
    !(typeof json.nonce === 'string' || json.nonce === null) ||
    typeof json.issuedAt !== 'string' ||
    typeof json.keyId !== 'string' ||
    !isAnswerData(json.data)
  ) {
    fail('MALFORMED_ANSWER', 'the body is not a loader envelope');
  }
  return {
    request: json.request,
    data: json.data,
    nonce: json.nonce,
    issuedAt: json.issuedAt,
    keyId: json.keyId,
  };
}

function isAnswerData(data: unknown): data is AnswerData {
  if (!isObject(data)) return false;
  if (data.ok === true) return true;
  return data.ok === false && typeof data.code === 'string' && typeof data.message === 'string';
}
