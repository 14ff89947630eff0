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
}
