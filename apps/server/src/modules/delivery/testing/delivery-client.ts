import type { KeyObject } from 'node:crypto';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type {
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderPublicKey,
  LoaderRefusal,
} from '@chaveiro/contract';
import { DELIVERY_MARK, SEALED_DELIVERY } from '@chaveiro/contract';
import sodium from 'sodium-native';
import type { TestApp } from '../../../testing/test-app.js';
import { peFile as minimalPe } from '../../../testing/product-files.js';

/**
 * A loader's side of protected delivery, for tests against the real server: its session key
 * pair, signed auth answers, downloads, and the CHVSEAL1 container opened as the SDKs open it.
 */

export interface SessionKeys {
  publicKey: Buffer;
  secretKey: Buffer;
  /** What the auth request sends. */
  base64: string;
}

export function newSessionKeys(): SessionKeys {
  const publicKey = Buffer.alloc(sodium.crypto_box_PUBLICKEYBYTES);
  const secretKey = Buffer.alloc(sodium.crypto_box_SECRETKEYBYTES);
  sodium.crypto_box_keypair(publicKey, secretKey);
  return { publicKey, secretKey, base64: publicKey.toString('base64') };
}

export const newNonce = () => randomBytes(16).toString('base64url');
export const newHwid = () => `PC-${randomBytes(6).toString('hex').toUpperCase()}`;
/** An address of its own per call: one test's calls never count against another's limits. */
export const newIp = () => `198.18.${randomBytes(1)[0] ?? 0}.${randomBytes(1)[0] ?? 0}`;

/** A minimal PE image of `size` random bytes, with the slot at `slotAt`. */
export function peFile(size: number, slotAt?: number): Buffer {
  const bytes = minimalPe(size);
  if (slotAt !== undefined) slotPattern().copy(bytes, slotAt);
  return bytes;
}

export function slotPattern(): Buffer {
  return Buffer.concat([
    Buffer.from(DELIVERY_MARK.slotMagic, 'ascii'),
    Buffer.alloc(DELIVERY_MARK.bytes - DELIVERY_MARK.slotMagic.length, DELIVERY_MARK.slotFill),
  ]);
}

export interface SignedAnswer<T> {
  status: number;
  data: T | LoaderRefusal;
}

/** The loader API's answers, each checked against the published Ed25519 key. */
export async function loaderClient(t: TestApp) {
  const published = (
    await t.app.inject({ method: 'GET', url: '/api/loader/public-key' })
  ).json<LoaderPublicKey>();
  const publicKey: KeyObject = createPublicKey(published.pem);

  function signed<T>(response: {
    statusCode: number;
    rawPayload: Buffer;
    headers: Record<string, unknown>;
  }): SignedAnswer<T> {
    const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
    if (!verify(null, response.rawPayload, publicKey, signature)) {
      throw new Error('the answer does not verify with the published key');
    }
    const envelope = JSON.parse(response.rawPayload.toString('utf8')) as LoaderEnvelope<
      T | LoaderRefusal
    >;
    return { status: response.statusCode, data: envelope.data };
  }

  return {
    async auth(body: Record<string, unknown>, ip = newIp()) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/loader/auth',
        payload: { nonce: newNonce(), hwid: newHwid(), ...body },
        remoteAddress: ip,
      });
      return signed<LoaderAuthSuccess>(response);
    },

    /** The raw download (a file or a signed refusal). */
    download(session: string, ip = newIp()) {
      return t.app.inject({
        method: 'GET',
        url: `/api/loader/download?session=${encodeURIComponent(session)}&nonce=${newNonce()}`,
        remoteAddress: ip,
      });
    },

    signed,
  };
}

/**
 * Opens a CHVSEAL1 body with the session's key pair, as docs/loader-protocol.md tells a client:
 * throws on a wrong magic, a seal that does not open, a chunk failing authentication, a
 * misplaced or missing TAG_FINAL, bytes after the last chunk, or a short body.
 */
export function openSealed(body: Buffer, keys: SessionKeys, plainSize: number): Buffer {
  const magic = SEALED_DELIVERY.magic.length;
  if (body.subarray(0, magic).toString('ascii') !== SEALED_DELIVERY.magic) {
    throw new Error('wrong magic');
  }
  const sealedEnd = magic + SEALED_DELIVERY.sealedKeyBytes;
  const key = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
  if (
    !sodium.crypto_box_seal_open(
      key,
      body.subarray(magic, sealedEnd),
      keys.publicKey,
      keys.secretKey,
    )
  ) {
    throw new Error('the sealed key does not open');
  }
  const state = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
  let at = sealedEnd + SEALED_DELIVERY.headerBytes;
  sodium.crypto_secretstream_xchacha20poly1305_init_pull(state, body.subarray(sealedEnd, at), key);
  const plain: Buffer[] = [];
  const tag = Buffer.alloc(1);
  let remaining = plainSize;
  do {
    const size = Math.min(SEALED_DELIVERY.chunkBytes, remaining);
    const cipher = body.subarray(at, at + size + SEALED_DELIVERY.chunkOverheadBytes);
    if (cipher.length !== size + SEALED_DELIVERY.chunkOverheadBytes) throw new Error('short body');
    const chunk = Buffer.alloc(size);
    sodium.crypto_secretstream_xchacha20poly1305_pull(state, chunk, tag, cipher, null);
    remaining -= size;
    at += cipher.length;
    const final = tag[0] === sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;
    if (final !== (remaining === 0)) throw new Error('TAG_FINAL misplaced');
    plain.push(chunk);
  } while (remaining > 0);
  if (at !== body.length) throw new Error('bytes after the final chunk');
  return Buffer.concat(plain);
}
