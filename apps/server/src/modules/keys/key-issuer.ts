import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/core/clock.js';
import { newId } from '../../platform/core/ids.js';
import { generateLicenseKey } from './key-generator.js';
import type { KeysRepository } from './keys-repository.js';

/** A collision among 36^18 values is practically impossible; a few rounds settle any. */
const MAX_GENERATION_ROUNDS = 5;

export interface KeyIssue {
  productId: string;
  days: number;
  quantity: number;
  /** The admin generating or the reseller buying them. */
  createdBy: string;
  /** Past this instant an unused key is expired and cannot be redeemed. */
  redeemBy?: number | null;
  /**
   * A reseller's purchase: the unit price paid and the plan's retail price at that moment, in
   * cents, kept on each key so margins do not move when prices change later.
   */
  priceCents?: number;
  retailPriceCents?: number;
  /**
   * Every key's `created_at` (default: now). A reseller's purchase passes the instant it
   * announces in `reseller.keys_purchased`, so the keys and the event name one moment.
   */
  createdAt?: number;
}

/** New unused licence keys: the admin's generation and the reseller's purchase. */
export function createKeyIssuer({ clock, keys }: { clock: Clock; keys: KeysRepository }) {
  return {
    /** Inserts `quantity` new keys inside `executor` (a transaction); returns their values. */
    async issue(executor: Kysely<Database>, issue: KeyIssue): Promise<string[]> {
      const inserted: string[] = [];
      for (let round = 0; inserted.length < issue.quantity; round += 1) {
        if (round === MAX_GENERATION_ROUNDS) throw new Error('Could not generate unique keys');
        const candidates = new Set<string>();
        while (candidates.size < issue.quantity - inserted.length) {
          candidates.add(generateLicenseKey());
        }
        // The unique index decides: a value already taken is skipped and drawn again.
        const now = issue.createdAt ?? clock.now();
        const stored = await keys.insertNew(
          [...candidates].map((key) => ({
            id: newId(),
            key,
            productId: issue.productId,
            durationDays: issue.days,
            createdBy: issue.createdBy,
            createdAt: now,
            redeemBy: issue.redeemBy ?? null,
            priceCents: issue.priceCents ?? null,
            retailPriceCents: issue.retailPriceCents ?? null,
          })),
          executor,
        );
        inserted.push(...[...candidates].filter((key) => stored.has(key)));
      }
      return inserted;
    },
  };
}

export type KeyIssuer = ReturnType<typeof createKeyIssuer>;
