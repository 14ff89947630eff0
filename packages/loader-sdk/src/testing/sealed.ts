import { sodium } from '../node-sodium.js';
import { SEALED_CHUNK_BYTES, SEALED_MAGIC } from '../sealed.js';

// What the server does for a sealed download (docs/loader-protocol.md, "Sealed container").

/**
 * The CHVSEAL1 container of `plain` for the holder of `recipientPublicKey`: a fresh key sealed to
 * it, then the bytes in a secretstream of 64 KiB chunks, the last tagged FINAL. Randomised.
 */
export function sealContainer(plain: Uint8Array, recipientPublicKey: Uint8Array): Buffer {
  const key = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
  sodium.crypto_secretstream_xchacha20poly1305_keygen(key);
  const sealedKey = Buffer.alloc(key.length + sodium.crypto_box_SEALBYTES);
  sodium.crypto_box_seal(sealedKey, key, Buffer.from(recipientPublicKey));
  const state = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
  const header = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES);
  sodium.crypto_secretstream_xchacha20poly1305_init_push(state, header, key);
  const parts: Uint8Array[] = [SEALED_MAGIC, sealedKey, header];
  let offset = 0;
  do {
    const chunk = Buffer.from(plain.subarray(offset, offset + SEALED_CHUNK_BYTES));
    offset += chunk.length;
    const last = offset >= plain.length;
    const out = Buffer.alloc(chunk.length + sodium.crypto_secretstream_xchacha20poly1305_ABYTES);
    sodium.crypto_secretstream_xchacha20poly1305_push(
      state,
      out,
      chunk,
      null,
      last
        ? sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL
        : sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE,
    );
    parts.push(out);
  } while (offset < plain.length);
  return Buffer.concat(parts);
}

/** An X25519 key pair from a 32-byte seed (crypto_box_seed_keypair), for fixed test vectors. */
export function seededBoxKeyPair(seed: Uint8Array): {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
} {
  const publicKey = new Uint8Array(sodium.crypto_box_PUBLICKEYBYTES);
  const secretKey = new Uint8Array(sodium.crypto_box_SECRETKEYBYTES);
  sodium.crypto_box_seed_keypair(publicKey, secretKey, Buffer.from(seed));
  return { publicKey, secretKey };
}

/** A reference opener (all at once), used to check a stored vector still decrypts. */
export function openContainer(
  container: Uint8Array,
  keyPair: { publicKey: Uint8Array; secretKey: Uint8Array },
  plainSize: number,
): Buffer | null {
  const bytes = Buffer.from(container);
  if (!bytes.subarray(0, 8).equals(SEALED_MAGIC)) return null;
  const key = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
  const sealedKey = bytes.subarray(8, 88);
  if (sealedKey.length !== 80) return null;
  if (
    !sodium.crypto_box_seal_open(
      key,
      sealedKey,
      Buffer.from(keyPair.publicKey),
      Buffer.from(keyPair.secretKey),
    )
  ) {
    return null;
  }
  const state = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
  try {
    sodium.crypto_secretstream_xchacha20poly1305_init_pull(state, bytes.subarray(88, 112), key);
  } catch {
    return null;
  }
  const parts: Buffer[] = [];
  let offset = 112;
  let remaining = plainSize;
  do {
    const plainLength = Math.min(remaining, SEALED_CHUNK_BYTES);
    const cipher = bytes.subarray(offset, offset + plainLength + 17);
    if (cipher.length !== plainLength + 17) return null;
    const out = Buffer.alloc(plainLength);
    const tag = Buffer.alloc(1);
    try {
      sodium.crypto_secretstream_xchacha20poly1305_pull(state, out, tag, cipher, null);
    } catch {
      return null;
    }
    remaining -= plainLength;
    offset += cipher.length;
    const final = tag[0] === sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;
    if (final !== (remaining === 0)) return null;
    parts.push(out);
  } while (remaining > 0);
  if (offset !== bytes.length) return null;
  return Buffer.concat(parts);
}
