// The libsodium primitives protected delivery and the offline store need. WebCrypto has none of
// them, so the browser-safe core takes them as an option; `@chaveiro/loader-sdk/node` provides
// them with sodium-native (`sodiumCrypto`).

export interface SessionKeyPair {
  /** X25519 public key, 32 bytes: sent as `sessionKey`. */
  publicKey: Uint8Array;
  /** Its secret key, 32 bytes: kept in memory, never sent or stored. */
  secretKey: Uint8Array;
}

/** One secretstream (xchacha20poly1305) being read. */
export interface StreamPuller {
  /** The plain text and tag of one ciphertext chunk, or null when it fails authentication. */
  pull(cipherChunk: Uint8Array): { message: Uint8Array; tag: number } | null;
}

export interface LoaderCrypto {
  /** A fresh key pair (`crypto_box_keypair`). */
  boxKeyPair(): SessionKeyPair;
  /** `crypto_box_seal_open`: the sealed message, or null when it does not open. */
  sealOpen(sealed: Uint8Array, keyPair: SessionKeyPair): Uint8Array | null;
  /** `crypto_secretstream_xchacha20poly1305_init_pull`, or null on a malformed header. */
  streamPuller(key: Uint8Array, header: Uint8Array): StreamPuller | null;
  /** `crypto_secretbox_easy` (24-byte nonce, 32-byte key). */
  secretbox(message: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array;
  /** `crypto_secretbox_open_easy`, or null when the box does not open. */
  secretboxOpen(box: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array | null;
  /** `crypto_generichash` (BLAKE2b) without a key. */
  genericHash(outputBytes: number, input: Uint8Array): Uint8Array;
  randomBytes(length: number): Uint8Array;
}

/** secretstream tags the container uses. */
export const TAG_MESSAGE = 0;
export const TAG_FINAL = 3;
