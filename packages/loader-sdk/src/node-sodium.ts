import { createRequire } from 'node:module';
import type { LoaderCrypto } from './loader-crypto.js';

/** The part of sodium-native (libsodium bindings) the SDK uses, typed here. */
export interface SodiumNative {
  crypto_box_PUBLICKEYBYTES: number;
  crypto_box_SECRETKEYBYTES: number;
  crypto_box_SEALBYTES: number;
  crypto_secretstream_xchacha20poly1305_KEYBYTES: number;
  crypto_secretstream_xchacha20poly1305_HEADERBYTES: number;
  crypto_secretstream_xchacha20poly1305_STATEBYTES: number;
  crypto_secretstream_xchacha20poly1305_ABYTES: number;
  crypto_secretstream_xchacha20poly1305_TAG_MESSAGE: number;
  crypto_secretstream_xchacha20poly1305_TAG_FINAL: number;
  crypto_secretbox_MACBYTES: number;
  crypto_box_keypair(publicKey: Uint8Array, secretKey: Uint8Array): void;
  crypto_box_seed_keypair(publicKey: Uint8Array, secretKey: Uint8Array, seed: Uint8Array): void;
  crypto_box_seal(out: Uint8Array, message: Uint8Array, publicKey: Uint8Array): void;
  crypto_box_seal_open(
    out: Uint8Array,
    sealed: Uint8Array,
    publicKey: Uint8Array,
    secretKey: Uint8Array,
  ): boolean;
  crypto_secretstream_xchacha20poly1305_keygen(key: Uint8Array): void;
  crypto_secretstream_xchacha20poly1305_init_push(
    state: Uint8Array,
    header: Uint8Array,
    key: Uint8Array,
  ): void;
  crypto_secretstream_xchacha20poly1305_push(
    state: Uint8Array,
    out: Uint8Array,
    message: Uint8Array,
    ad: Uint8Array | null,
    tag: number,
  ): number;
  crypto_secretstream_xchacha20poly1305_init_pull(
    state: Uint8Array,
    header: Uint8Array,
    key: Uint8Array,
  ): void;
  /** Throws when the chunk fails authentication. */
  crypto_secretstream_xchacha20poly1305_pull(
    state: Uint8Array,
    out: Uint8Array,
    tag: Uint8Array,
    cipher: Uint8Array,
    ad: Uint8Array | null,
  ): number;
  crypto_secretbox_easy(
    out: Uint8Array,
    message: Uint8Array,
    nonce: Uint8Array,
    key: Uint8Array,
  ): void;
  crypto_secretbox_open_easy(
    out: Uint8Array,
    box: Uint8Array,
    nonce: Uint8Array,
    key: Uint8Array,
  ): boolean;
  crypto_generichash(out: Uint8Array, input: Uint8Array, key?: Uint8Array): void;
  randombytes_buf(out: Uint8Array): void;
}

// Loaded through require so the typing stays local (the server declares its own subset).
export const sodium = createRequire(import.meta.url)('sodium-native') as SodiumNative;

/** LoaderCrypto over sodium-native: what Node loaders pass as `crypto`. */
export const sodiumCrypto: LoaderCrypto = {
  boxKeyPair() {
    const publicKey = new Uint8Array(sodium.crypto_box_PUBLICKEYBYTES);
    const secretKey = new Uint8Array(sodium.crypto_box_SECRETKEYBYTES);
    sodium.crypto_box_keypair(publicKey, secretKey);
    return { publicKey, secretKey };
  },
  sealOpen(sealed, { publicKey, secretKey }) {
    if (sealed.length <= sodium.crypto_box_SEALBYTES) return null;
    const out = new Uint8Array(sealed.length - sodium.crypto_box_SEALBYTES);
    return sodium.crypto_box_seal_open(out, sealed, publicKey, secretKey) ? out : null;
  },
  streamPuller(key, header) {
    if (
      key.length !== sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES ||
      header.length !== sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES
    ) {
      return null;
    }
    const state = new Uint8Array(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
    sodium.crypto_secretstream_xchacha20poly1305_init_pull(state, header, key);
    return {
      pull(cipher) {
        const abytes = sodium.crypto_secretstream_xchacha20poly1305_ABYTES;
        if (cipher.length < abytes) return null;
        const message = new Uint8Array(cipher.length - abytes);
        const tag = new Uint8Array(1);
        try {
          sodium.crypto_secretstream_xchacha20poly1305_pull(state, message, tag, cipher, null);
        } catch {
          return null;
        }
        return { message, tag: tag[0] ?? -1 };
      },
    };
  },
  secretbox(message, nonce, key) {
    const out = new Uint8Array(message.length + sodium.crypto_secretbox_MACBYTES);
    sodium.crypto_secretbox_easy(out, message, nonce, key);
    return out;
  },
  secretboxOpen(box, nonce, key) {
    if (box.length < sodium.crypto_secretbox_MACBYTES) return null;
    const out = new Uint8Array(box.length - sodium.crypto_secretbox_MACBYTES);
    return sodium.crypto_secretbox_open_easy(out, box, nonce, key) ? out : null;
  },
  genericHash(outputBytes, input) {
    const out = new Uint8Array(outputBytes);
    sodium.crypto_generichash(out, input);
    return out;
  },
  randomBytes(length) {
    const out = new Uint8Array(length);
    sodium.randombytes_buf(out);
    return out;
  },
};
