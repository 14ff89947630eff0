import type { Hash } from 'node:crypto';
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeliveryMarkKind } from '@chaveiro/contract';
import { FifoGate } from '../../platform/core/fifo-gate.js';
import { MARK_BYTES, SLOT_PATTERN } from './delivery-marks.js';

/** A stored file read a piece at a time, in order (files.stream). */
export type FilePieces = (sha256: string) => AsyncIterable<Buffer>;

/** What a file's marked copies share, learnt once per file by reading it through. */
interface FileLayout {
  size: number;
  /** Where the seller's slot starts; null: no slot, the mark is appended (trailer). */
  slotOffset: number | null;
  /** SHA-256 state over every byte before the mark (the whole file for a trailer). */
  beforeMark: Hash;
}

export interface MarkedCopy {
  sha256: string;
  size: number;
  markKind: DeliveryMarkKind;
}

/** Files whose layout is kept: the few products being delivered at a time. */
const LAYOUTS_KEPT = 16;
/**
 * Slot copies hashed at once. A burst of auths (every loader signing in again after a restart)
 * queues here instead of interleaving dozens of reads and hashes of the same file: each
 * finishes sooner, and memory holds two pieces, not one per auth.
 */
const HASHES_AT_ONCE = 2;

/**
 * The marked copies of stored files: their SHA-256 and size (for the signed auth answer) and
 * their bytes (for the download), never holding a whole file. Each file is read through once
 * to find its slot and hash what precedes the mark; a trailer copy's hash is then 64 bytes of
 * work, a slot copy's the bytes after the slot. Hashing yields to the event loop between pieces.
 */
export function createMarkedCopies(pieces: FilePieces) {
  const layouts = new Map<string, Promise<FileLayout>>();
  const hashing = new FifoGate(HASHES_AT_ONCE);

  async function learn(sha256: string): Promise<FileLayout> {
    const hash = createHash('sha256');
    // Bytes that may start the slot, not hashed until the next piece tells.
    let carry = Buffer.alloc(0);
    let hashed = 0;
    let size = 0;
    let slotOffset: number | null = null;
    for await (const piece of pieces(sha256)) {
      size += piece.length;
      if (slotOffset !== null) continue;
      const window = carry.length === 0 ? piece : Buffer.concat([carry, piece]);
      const at = window.indexOf(SLOT_PATTERN);
      if (at >= 0) {
        hash.update(window.subarray(0, at));
        slotOffset = hashed + at;
        continue;
      }
      const cut = Math.max(0, window.length - (MARK_BYTES - 1));
      hash.update(window.subarray(0, cut));
      hashed += cut;
      carry = Buffer.from(window.subarray(cut));
      await nextTurn();
    }
    if (slotOffset === null) hash.update(carry);
    return { size, slotOffset, beforeMark: hash };
  }

  function layoutOf(sha256: string): Promise<FileLayout> {
    const known = layouts.get(sha256);
    if (known) {
      // Most recently used last: the oldest is the one dropped.
      layouts.delete(sha256);
      layouts.set(sha256, known);
      return known;
    }
    const learning = learn(sha256);
    layouts.set(sha256, learning);
    learning.catch(() => layouts.delete(sha256));
    if (layouts.size > LAYOUTS_KEPT) {
      const oldest = layouts.keys().next().value;
      if (oldest !== undefined) layouts.delete(oldest);
    }
    return learning;
  }

  /** The file's bytes with `record` in its slot, or after its last byte. */
  async function* markedPieces(
    sha256: string,
    layout: FileLayout,
    record: Buffer,
  ): AsyncGenerator<Buffer> {
    const slot = layout.slotOffset;
    let offset = 0;
    for await (const piece of pieces(sha256)) {
      const start = offset;
      offset += piece.length;
      if (slot === null || slot >= offset || slot + MARK_BYTES <= start) {
        yield piece;
        continue;
      }
      // The slot may straddle two pieces: each gets its part of the record.
      const marked = Buffer.from(piece);
      const from = Math.max(slot, start);
      const to = Math.min(slot + MARK_BYTES, offset);
      record.copy(marked, from - start, from - slot, to - slot);
      yield marked;
    }
    if (slot === null) yield record;
  }

  return {
    /** The SHA-256 and size of the file's copy carrying `record`. */
    async describe(sha256: string, record: Buffer): Promise<MarkedCopy> {
      const layout = await layoutOf(sha256);
      const hash = layout.beforeMark.copy().update(record);
      if (layout.slotOffset === null) {
        return { sha256: hash.digest('hex'), size: layout.size + MARK_BYTES, markKind: 'trailer' };
      }
      // The bytes after the slot, piece by piece, yielding between them.
      const after = layout.slotOffset + MARK_BYTES;
      await hashing.run(async () => {
        let offset = 0;
        for await (const piece of pieces(sha256)) {
          const start = offset;
          offset += piece.length;
          if (offset <= after) continue;
          hash.update(start >= after ? piece : piece.subarray(after - start));
          await nextTurn();
        }
      });
      return { sha256: hash.digest('hex'), size: layout.size, markKind: 'slot' };
    },

    /** The bytes of the file's copy carrying `record`, a piece at a time. */
    async pieces(sha256: string, record: Buffer): Promise<AsyncIterable<Buffer>> {
      return markedPieces(sha256, await layoutOf(sha256), record);
    },
  };
}

export type MarkedCopies = ReturnType<typeof createMarkedCopies>;
