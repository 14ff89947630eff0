import { createHmac, timingSafeEqual } from 'node:crypto';
import { DELIVERY_MARK } from '@chaveiro/contract';
import { purposeKey } from '../../platform/crypto/sealed-fields.js';

/**
 * The mark each delivered copy carries (docs/loader-protocol.md, "Marks"): a 64-byte record
 * `CHVMARK1` | version 1 | 7 zero bytes | the delivery id (16 raw UUID bytes) | an HMAC-SHA256
 * over the original file's SHA-256 and the id. The MAC binds the mark to one file and one
 * delivery, so it can be neither forged nor moved to another copy without the server's key.
 */

export const MARK_BYTES = DELIVERY_MARK.bytes;
/** What a seller declares in the DLL: `CHVSLOT1` then 56 bytes of 'Z'. */
export const SLOT_PATTERN = Buffer.concat([
  Buffer.from(DELIVERY_MARK.slotMagic, 'ascii'),
  Buffer.alloc(MARK_BYTES - DELIVERY_MARK.slotMagic.length, DELIVERY_MARK.slotFill),
]);
export const MARK_MAGIC = Buffer.from(DELIVERY_MARK.markMagic, 'ascii');
const MARK_VERSION = 0x01;
const VERSION_AT = 8;
const ID_AT = 16;
const MAC_AT = 32;
const MAC_CONTEXT = Buffer.from('chaveiro-mark-v1', 'ascii');

/** The mark key: derived from the JWT secret, its own purpose, so it opens nothing else. */
export function markKeyOf(jwtSecret: string): Buffer {
  return purposeKey(jwtSecret, 'chaveiro/delivery-mark/v1');
}

/** The 16 raw bytes of a UUID's text form. */
export function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function macOf(markKey: Buffer, fileSha256: string, id: Buffer): Buffer {
  return createHmac('sha256', markKey)
    .update(MAC_CONTEXT)
    .update(Buffer.from(fileSha256, 'hex'))
    .update(id)
    .digest();
}

/** The record marking delivery `deliveryId` of the file whose SHA-256 is `fileSha256`. */
export function markRecord(markKey: Buffer, fileSha256: string, deliveryId: string): Buffer {
  const record = Buffer.alloc(MARK_BYTES);
  MARK_MAGIC.copy(record, 0);
  record[VERSION_AT] = MARK_VERSION;
  const id = uuidBytes(deliveryId);
  id.copy(record, ID_AT);
  macOf(markKey, fileSha256, id).copy(record, MAC_AT);
  return record;
}

/**
 * What a record found in a file names, before its MAC is checked (that needs the delivery's
 * file): null when its fixed bytes are not those of a version 1 mark (it was edited).
 */
export function parseMarkRecord(record: Buffer): { deliveryId: string; mac: Buffer } | null {
  if (record.length !== MARK_BYTES || !record.subarray(0, VERSION_AT).equals(MARK_MAGIC)) {
    return null;
  }
  if (record[VERSION_AT] !== MARK_VERSION || record.subarray(VERSION_AT + 1, ID_AT).some(Boolean)) {
    return null;
  }
  return {
    deliveryId: uuidText(record.subarray(ID_AT, MAC_AT)),
    mac: Buffer.from(record.subarray(MAC_AT)),
  };
}

/** Whether `mac` is the one the server wrote for that delivery of that file. */
export function isGenuineMark(
  markKey: Buffer,
  fileSha256: string,
  deliveryId: string,
  mac: Buffer,
): boolean {
  return timingSafeEqual(macOf(markKey, fileSha256, uuidBytes(deliveryId)), mac);
}

/**
 * Finds every occurrence of `pattern` in a stream of pieces, across piece boundaries: calls
 * `found` with the absolute offset and the bytes that follow (up to `take`, fewer at the end).
 * Keeps at most `take - 1` bytes between pieces.
 */
export function createPatternScanner(
  pattern: Buffer,
  take: number,
  found: (offset: number, bytes: Buffer) => void,
) {
  let carry = Buffer.alloc(0);
  /** Absolute offset of `carry[0]`. */
  let base = 0;
  return {
    push(piece: Buffer): void {
      const window = carry.length === 0 ? piece : Buffer.concat([carry, piece]);
      let from = 0;
      for (;;) {
        const at = window.indexOf(pattern, from);
        // Only matches whose `take` bytes are all here; the rest are found with the next piece.
        if (at < 0 || at + take > window.length) break;
        found(base + at, window.subarray(at, at + take));
        from = at + 1;
      }
      const keep = Math.min(window.length, Math.max(take - 1, 0));
      const cut = Math.max(window.length - keep, from);
      carry = Buffer.from(window.subarray(cut));
      base += cut;
    },
    /** Matches too close to the end to have `take` bytes after them. */
    end(): void {
      let from = 0;
      for (;;) {
        const at = carry.indexOf(pattern, from);
        if (at < 0) break;
        found(base + at, carry.subarray(at));
        from = at + 1;
      }
    },
  };
}
