import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import type { TrustedKey } from '../verify.js';

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Bytes 0x00…0x1f: public on purpose, so anyone can recompute the test vectors. */
export const TEST_SEED = Uint8Array.from({ length: 32 }, (_, i) => i);
/** A second key the client does not trust. */
export const OTHER_SEED = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);

export interface SignedAnswer {
  /** The exact body bytes, as UTF-8 text. */
  body: string;
  /** Base64 Ed25519 signature of the body bytes: the `X-Signature` header. */
  signature: string;
}

export interface EnvelopeFields {
  request: string;
  data: Record<string, unknown>;
  nonce: string | null;
  issuedAt: string;
}

export interface TestSigner {
  keyId: string;
  /** Raw 32-byte public key, base64. */
  publicKey: string;
  trustedKey: TrustedKey;
  sign(body: string | Uint8Array): string;
  /** A server answer: the envelope in the protocol's field order, signed over its bytes. */
  answer(fields: EnvelopeFields, keyId?: string): SignedAnswer;
}

/** Signs like the server does (node:crypto), from a fixed seed. */
export function createTestSigner(seed: Uint8Array = TEST_SEED): TestSigner {
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const raw = spki.subarray(spki.length - 32);
  const publicKey = raw.toString('base64');
  const keyId = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  const signBody = (body: string | Uint8Array) =>
    sign(null, typeof body === 'string' ? Buffer.from(body, 'utf8') : body, privateKey).toString(
      'base64',
    );
  return {
    keyId,
    publicKey,
    trustedKey: { keyId, publicKey },
    sign: signBody,
    answer({ request, data, nonce, issuedAt }, claimedKeyId = keyId) {
      const body = JSON.stringify({ request, data, nonce, issuedAt, keyId: claimedKeyId });
      return { body, signature: signBody(body) };
    },
  };
}
