import { SEALED_DELIVERY } from '@chaveiro/contract';
import { randomBytes } from 'node:crypto';
import sodium from 'sodium-native';

/** A fresh loader nonce. */
export const loaderNonce = () => randomBytes(16).toString('base64url');

/** The X25519 key pair a loader makes in memory for one run (design §1.1). */
export function sessionKeyPair() {
  const publicKey = Buffer.alloc(sodium.crypto_box_PUBLICKEYBYTES);
  const secretKey = Buffer.alloc(sodium.crypto_box_SECRETKEYBYTES);
  sodium.crypto_box_keypair(publicKey, secretKey);
  return { publicKey, secretKey };
}

/** The signed envelope's `data` (the journeys trust the server; the SDK tests check signatures). */
export async function loaderCall<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/loader${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: T & { ok: boolean; message?: string } };
  if (!envelope.data.ok) {
    throw new Error(
      `loader ${path} → ${String(response.status)}: ${JSON.stringify(envelope.data)}`,
    );
  }
  return envelope.data;
}

/**
 * Opens a "CHVSEAL1" download (design §1.4) with the session's secret key: the sealed key, then
 * the secret stream's chunks; throws on anything that does not authenticate.
 */
export function openSealed(
  body: Buffer,
  plainSize: number,
  keys: { publicKey: Buffer; secretKey: Buffer },
): Buffer {
  const { magic, sealedKeyBytes, headerBytes, chunkBytes, chunkOverheadBytes } = SEALED_DELIVERY;
  if (body.subarray(0, magic.length).toString('latin1') !== magic) throw new Error('no CHVSEAL1');
  let offset = magic.length;
  const key = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
  const sealed = body.subarray(offset, offset + sealedKeyBytes);
  if (!sodium.crypto_box_seal_open(key, sealed, keys.publicKey, keys.secretKey)) {
    throw new Error('the sealed key does not open');
  }
  offset += sealedKeyBytes;
  const state = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
  sodium.crypto_secretstream_xchacha20poly1305_init_pull(
    state,
    body.subarray(offset, offset + headerBytes),
    key,
  );
  offset += headerBytes;
  const pieces: Buffer[] = [];
  let left = plainSize;
  const tag = Buffer.alloc(1);
  while (left > 0) {
    const plain = Math.min(chunkBytes, left);
    const chunk = body.subarray(offset, offset + plain + chunkOverheadBytes);
    const piece = Buffer.alloc(plain);
    sodium.crypto_secretstream_xchacha20poly1305_pull(state, piece, tag, chunk, null);
    pieces.push(piece);
    offset += chunk.length;
    left -= plain;
  }
  if (tag[0] !== sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL || offset !== body.length) {
    throw new Error('the stream does not end where the signed size says');
  }
  return Buffer.concat(pieces);
}
