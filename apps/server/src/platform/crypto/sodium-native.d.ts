// The part of sodium-native (libsodium bindings) the server uses.
declare module 'sodium-native' {
  /** Bytes of an Ed25519 signature. */
  export const crypto_sign_BYTES: number;
  /** Derives an Ed25519 key pair from a 32-byte seed (tests). */
  export function crypto_sign_seed_keypair(
    publicKey: Uint8Array,
    secretKey: Uint8Array,
    seed: Uint8Array,
  ): void;
  /** Writes the Ed25519 signature of `message` under `secretKey` (seed ‖ public key). */
  export function crypto_sign_detached(
    signature: Uint8Array,
    message: Uint8Array,
    secretKey: Uint8Array,
  ): void;

  /** Fills `buffer` with random bytes. */
  export function randombytes_buf(buffer: Uint8Array): void;

  // Sealed boxes (X25519): the per-download key sealed to the loader's session key.
  export const crypto_box_PUBLICKEYBYTES: number;
  export const crypto_box_SECRETKEYBYTES: number;
  /** What a sealed box adds to its message (48). */
  export const crypto_box_SEALBYTES: number;
  /** A fresh X25519 key pair (tests stand in for the loader). */
  export function crypto_box_keypair(publicKey: Uint8Array, secretKey: Uint8Array): void;
  export function crypto_box_seal(
    ciphertext: Uint8Array,
    message: Uint8Array,
    publicKey: Uint8Array,
  ): void;
  /** Answers false when the box does not open with this key pair (tests). */
  export function crypto_box_seal_open(
    message: Uint8Array,
    ciphertext: Uint8Array,
    publicKey: Uint8Array,
    secretKey: Uint8Array,
  ): boolean;

  // Secret streams (XChaCha20-Poly1305): the delivered copy, chunk by chunk.
  export const crypto_secretstream_xchacha20poly1305_STATEBYTES: number;
  export const crypto_secretstream_xchacha20poly1305_ABYTES: number;
  export const crypto_secretstream_xchacha20poly1305_HEADERBYTES: number;
  export const crypto_secretstream_xchacha20poly1305_KEYBYTES: number;
  export const crypto_secretstream_xchacha20poly1305_TAG_MESSAGE: number;
  export const crypto_secretstream_xchacha20poly1305_TAG_FINAL: number;
  export function crypto_secretstream_xchacha20poly1305_keygen(key: Uint8Array): void;
  export function crypto_secretstream_xchacha20poly1305_init_push(
    state: Uint8Array,
    header: Uint8Array,
    key: Uint8Array,
  ): void;
  /** Encrypts `message` into `ciphertext` (message + ABYTES); answers the bytes written. */
  export function crypto_secretstream_xchacha20poly1305_push(
    state: Uint8Array,
    ciphertext: Uint8Array,
    message: Uint8Array,
    additionalData: Uint8Array | null,
    tag: number,
  ): number;
  export function crypto_secretstream_xchacha20poly1305_init_pull(
    state: Uint8Array,
    header: Uint8Array,
    key: Uint8Array,
  ): void;
  /** Decrypts one chunk (tests); throws when it fails authentication. `tag` receives its tag. */
  export function crypto_secretstream_xchacha20poly1305_pull(
    state: Uint8Array,
    message: Uint8Array,
    tag: Uint8Array,
    ciphertext: Uint8Array,
    additionalData: Uint8Array | null,
  ): number;
}
