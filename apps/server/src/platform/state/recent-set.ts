import { hash, randomBytes } from 'node:crypto';
import type { Clock } from '../core/clock.js';

export interface RecentSetOptions {
  /** A value is remembered for at least this long. */
  ttlMs: number;
  /** Bound on the values held, so a flood cannot exhaust memory. */
  maxEntries: number;
}

/** Words of a fingerprint: 64 bits, as two uint32 in a slot of the table. */
const WORDS = 2;

/**
 * Values seen by fingerprint: an open-addressing table (linear probing, at most half full) of
 * 64-bit fingerprints in one typed array, 8 bytes a value and nothing for the garbage collector
 * to walk. A million nonces held as strings in a Set took about 100 MB; as 128-bit fingerprints,
 * 32 MB for the two generations under the loader bench.
 */
function fingerprintTable(capacity: number) {
  let slots = 2;
  while (slots < capacity * 2) slots *= 2;
  const mask = slots - 1;
  const words = new Uint32Array(slots * WORDS);
  let size = 0;

  /** The slot holding `print`, or the empty slot where it would go. */
  function slotOf(print: Uint32Array): number {
    for (let slot = (print[1] ?? 0) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * WORDS;
      if (words[at] === 0) return slot;
      if (words[at] === print[0] && words[at + 1] === print[1]) return slot;
    }
  }

  return {
    get size() {
      return size;
    },
    has(print: Uint32Array): boolean {
      return words[slotOf(print) * WORDS] !== 0;
    },
    /** Adds `print`; false when it was there already. */
    add(print: Uint32Array): boolean {
      const at = slotOf(print) * WORDS;
      if (words[at] !== 0) return false;
      words.set(print, at);
      size += 1;
      return true;
    },
  };
}

/**
 * Values seen recently (request nonces, session ends already logged), in two generations of
 * `ttlMs` each: a value is remembered between one and two `ttlMs`, and dropping a whole
 * generation costs nothing per entry. When a flood fills a generation early it turns over
 * early: memory stays bounded and only the oldest values of that flood are forgotten sooner.
 * Values are held as keyed 64-bit fingerprints (SHA-256 under a key drawn at start): a sender
 * cannot choose values that collide or crowd one part of the table, and a fresh value is taken
 * for one already held with a chance of (values held) / 2^63: with a million nonces held, one
 * loader request refused in about 10^13 (a retry with a new nonce passes).
 * This node's memory only: with REDIS_URL, platform/state/shared-state-redis.ts shares them instead.
 */
export function createRecentSet(clock: Clock, { ttlMs, maxEntries }: RecentSetOptions) {
  const perGeneration = Math.max(1, Math.floor(maxEntries / 2));
  const key = randomBytes(32).toString('base64url');
  const print = new Uint32Array(WORDS);
  let current = fingerprintTable(perGeneration);
  let previous: ReturnType<typeof fingerprintTable> | null = null;
  let startedAt = clock.now();

  function fingerprint(value: string): Uint32Array {
    const digest = hash('sha256', key + value, 'buffer');
    // Never all zero in its first word: zero marks an empty slot.
    print[0] = digest.readUInt32LE(0) | 1;
    print[1] = digest.readUInt32LE(4);
    return print;
  }

  return {
    /** Records `value`; false when it was already seen. */
    claim(value: string): boolean {
      const now = clock.now();
      if (now - startedAt >= ttlMs || current.size >= perGeneration) {
        previous = current;
        current = fingerprintTable(perGeneration);
        startedAt = now;
      }
      const seen = fingerprint(value);
      if (previous?.has(seen)) return false;
      return current.add(seen);
    },
  };
}

export type RecentSet = ReturnType<typeof createRecentSet>;
