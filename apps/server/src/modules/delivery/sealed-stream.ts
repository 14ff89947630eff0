import { SEALED_DELIVERY } from '@chaveiro/contract';
import sodium from 'sodium-native';

const MAGIC = Buffer.from(SEALED_DELIVERY.magic, 'ascii');
const CHUNK = SEALED_DELIVERY.chunkBytes;
const OVERHEAD = sodium.crypto_secretstream_xchacha20poly1305_ABYTES;
const TAG_MESSAGE = sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
const TAG_FINAL = sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;

/** The bytes of a sealed download of `plainSize` bytes (the client knows it from the auth). */
export function sealedSize(plainSize: number): number {
  const chunks = Math.max(1, Math.ceil(plainSize / CHUNK));
  return (
    MAGIC.length +
    SEALED_DELIVERY.sealedKeyBytes +
    SEALED_DELIVERY.headerBytes +
    plainSize +
    chunks * OVERHEAD
  );
}

/**
 * The CHVSEAL1 container (docs/loader-protocol.md): the magic, a fresh per-download key sealed
 * to the loader's X25519 session key (`crypto_box_seal`), the secretstream header, then the
 * plain bytes in 64 KiB chunks, each pushed with TAG_MESSAGE but the last, TAG_FINAL. Only the
 * process holding the session's secret key opens it; a chunk changed, dropped or moved fails
 * its authentication. Pulls `plain` as the consumer reads: one piece and one chunk in memory.
 */
export async function* sealedPieces(
  plain: AsyncIterable<Buffer>,
  sessionKey: Buffer,
): AsyncGenerator<Buffer> {
  const key = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
  sodium.crypto_secretstream_xchacha20poly1305_keygen(key);
  const sealedKey = Buffer.alloc(key.length + sodium.crypto_box_SEALBYTES);
  sodium.crypto_box_seal(sealedKey, key, sessionKey);
  const state = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
  const header = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES);
  sodium.crypto_secretstream_xchacha20poly1305_init_push(state, header, key);
  // The stream state carries what it needs; the key itself is not kept.
  key.fill(0);
  yield Buffer.concat([MAGIC, sealedKey, header]);

  const push = (chunk: Buffer, tag: number) => {
    const cipher = Buffer.allocUnsafe(chunk.length + OVERHEAD);
    sodium.crypto_secretstream_xchacha20poly1305_push(state, cipher, chunk, null, tag);
    return cipher;
  };
  // Bytes not yet pushed: a chunk is the last only once the input has ended.
  let pending = Buffer.alloc(0);
  for await (const piece of plain) {
    const buffer = pending.length === 0 ? piece : Buffer.concat([pending, piece]);
    let at = 0;
    while (buffer.length - at > CHUNK) {
      yield push(buffer.subarray(at, at + CHUNK), TAG_MESSAGE);
      at += CHUNK;
    }
    pending = Buffer.from(buffer.subarray(at));
  }
  yield push(pending, TAG_FINAL);
}
