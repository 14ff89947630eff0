import { concatBytes } from './encoding.js';
import { LoaderVerificationError } from './errors.js';
import type { LoaderCrypto, SessionKeyPair, StreamPuller } from './loader-crypto.js';
import { TAG_FINAL, TAG_MESSAGE } from './loader-crypto.js';

/** The CHVSEAL1 container (docs/loader-protocol.md, "Sealed container"). */
export const SEALED_CONTENT_TYPE = 'application/vnd.chaveiro.sealed';
export const SEALED_CHUNK_BYTES = 65_536;
export const SEALED_MAGIC = new TextEncoder().encode('CHVSEAL1');
const SEALED_KEY_BYTES = 80;
const HEADER_BYTES = 24;
const PREFIX_BYTES = SEALED_MAGIC.length + SEALED_KEY_BYTES + HEADER_BYTES;
const CHUNK_OVERHEAD = 17;

function fail(detail: string): never {
  throw new LoaderVerificationError('DECRYPT_FAILED', detail);
}

/**
 * Opens a sealed download as its bytes arrive, chunk by chunk, into one buffer of the plain size
 * the signed auth answer named: nothing but that buffer and one chunk is ever held. Any fault —
 * wrong magic, a seal that does not open, a chunk that fails authentication, FINAL too early or
 * missing, bytes after it, a short body — is DECRYPT_FAILED.
 */
export class SealedOpener {
  private pending: Uint8Array = new Uint8Array(0);
  private puller: StreamPuller | undefined;
  private readonly plain: Uint8Array;
  private written = 0;
  private finished = false;

  constructor(
    private readonly crypto: LoaderCrypto,
    private readonly keyPair: SessionKeyPair,
    private readonly plainSize: number,
  ) {
    this.plain = new Uint8Array(plainSize);
  }

  /** Feeds the next piece of the body. */
  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.finished) fail('bytes after the final chunk');
    this.pending = this.pending.length ? concatBytes(this.pending, piece) : piece;
    if (!this.puller) {
      if (this.pending.length < PREFIX_BYTES) return;
      this.openPrefix();
    }
    for (;;) {
      const plainLength = Math.min(this.plainSize - this.written, SEALED_CHUNK_BYTES);
      const cipherLength = plainLength + CHUNK_OVERHEAD;
      if (this.finished) {
        if (this.pending.length > 0) fail('bytes after the final chunk');
        return;
      }
      if (this.pending.length < cipherLength) return;
      this.openChunk(this.pending.subarray(0, cipherLength), plainLength);
      this.pending = this.pending.subarray(cipherLength);
    }
  }

  /** The plain bytes, once the body has ended; throws when it ended short. */
  finish(): Uint8Array {
    if (!this.finished) fail('the body ended before the final chunk');
    return this.plain;
  }

  private openPrefix() {
    const prefix = this.pending.subarray(0, PREFIX_BYTES);
    if (!SEALED_MAGIC.every((byte, i) => prefix[i] === byte)) fail('not a CHVSEAL1 container');
    const key = this.crypto.sealOpen(
      prefix.subarray(SEALED_MAGIC.length, SEALED_MAGIC.length + SEALED_KEY_BYTES),
      this.keyPair,
    );
    if (!key) fail('the sealed key does not open with this session key');
    const puller = this.crypto.streamPuller(
      key,
      prefix.subarray(SEALED_MAGIC.length + SEALED_KEY_BYTES),
    );
    key.fill(0);
    if (!puller) fail('malformed stream header');
    this.puller = puller;
    this.pending = this.pending.subarray(PREFIX_BYTES);
  }

  private openChunk(cipher: Uint8Array, plainLength: number) {
    const opened = this.puller?.pull(cipher);
    if (!opened || opened.message.length !== plainLength) {
      fail(`chunk at plain offset ${String(this.written)} fails authentication`);
    }
    this.plain.set(opened.message, this.written);
    this.written += plainLength;
    const last = this.written === this.plainSize;
    if (opened.tag === TAG_FINAL && !last) fail('FINAL tag before the last chunk');
    if (last && opened.tag !== TAG_FINAL) fail('the last chunk is not tagged FINAL');
    if (!last && opened.tag !== TAG_MESSAGE) fail(`unexpected tag ${String(opened.tag)}`);
    this.finished = last;
  }
}
