// The part of sodium-native (libsodium bindings) the journeys use to play a loader.
declare module 'sodium-native' {
  export const crypto_box_PUBLICKEYBYTES: number;
  export const crypto_box_SECRETKEYBYTES: number;
  export const crypto_secretstream_xchacha20poly1305_KEYBYTES: number;
  export const crypto_secretstream_xchacha20poly1305_STATEBYTES: number;
  export const crypto_secretstream_xchacha20poly1305_ABYTES: number;
  export const crypto_secretstream_xchacha20poly1305_TAG_FINAL: number;
  export function crypto_box_keypair(publicKey: Uint8Array, secretKey: Uint8Array): void;
  /** Opens a `crypto_box_seal` box; false when it does not open. */
  export function crypto_box_seal_open(
    message: Uint8Array,
    box: Uint8Array,
    publicKey: Uint8Array,
    secretKey: Uint8Array,
  ): boolean;
  export function crypto_secretstream_xchacha20poly1305_init_pull(
    state: Uint8Array,
    header: Uint8Array,
    key: Uint8Array,
  ): void;
  /** Decrypts one chunk into `message`, its tag into `tag[0]`; throws when it does not authenticate. */
  export function crypto_secretstream_xchacha20poly1305_pull(
    state: Uint8Array,
    message: Uint8Array,
    tag: Uint8Array,
    chunk: Uint8Array,
    additionalData: Uint8Array | null,
  ): number;
}
