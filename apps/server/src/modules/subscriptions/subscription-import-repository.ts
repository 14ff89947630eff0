import type { PausedBy, SubscriptionStatus } from '@chaveiro/contract';
import { SUBSCRIPTION_DEFAULT_CREDITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { GroupCountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted } from '../../platform/state/count-cache.js';

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_BATCH = 400;

/** A subscription brought in from another system (the KeyAuth import), as it was there. */
export interface ImportedSubscriptionRow {
  id: string;
  userId: string;
  productId: string;
  status: SubscriptionStatus;
  expiresAt: number | null;
  pausedRemainingMs: number | null;
  pausedBy: PausedBy | null;
  maxDevices: number;
  createdAt: number;
}

/** A machine brought in bound to an imported subscription. */
export interface ImportedMachineRow {
  id: string;
  subscriptionId: string;
  hwid: string;
  firstSeenAt: number;
  lastSeenAt: number;
  lastIp: string | null;
}

/**
 * Writes imported subscriptions in the import's transaction, `on conflict do nothing`: a user's
 * existing subscription to the product is left alone. Answers the ids it wrote.
 */
export async function insertImportedSubscriptions(
  executor: Kysely<Database>,
  subscriptions: readonly ImportedSubscriptionRow[],
  /** Platform.subscriptionCounts, cleared once the import commits. */
  counts: Pick<GroupCountCache, 'clear'>,
): Promise<Set<string>> {
  clearWhenCommitted(counts, executor);
  const inserted = new Set<string>();
  for (const batch of chunks(subscriptions, INSERT_BATCH)) {
    const rows = await executor
      .insertInto('subscriptions')
      .values(
        batch.map((sub) => ({
          id: sub.id,
          user_id: sub.userId,
          product_id: sub.productId,
          status: sub.status,
          expires_at: sub.expiresAt,
          paused_remaining_ms: sub.pausedRemainingMs,
          paused_by: sub.pausedBy,
          max_devices: sub.maxDevices,
          // The credits every new subscription starts with (the service's `grant`).
          pause_credits: SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
          hwid_reset_credits: SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
          created_at: sub.createdAt,
          updated_at: sub.createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .returning('id')
      .execute();
    for (const row of rows) inserted.add(row.id);
  }
  return inserted;
}

/**
 * Writes imported machines in the import's transaction, `on conflict do nothing` (a HWID
 * already bound to the subscription stays as it is). Answers how many it wrote.
 */
export async function insertImportedMachines(
  executor: Kysely<Database>,
  machines: readonly ImportedMachineRow[],
): Promise<number> {
  let count = 0;
  for (const batch of chunks(machines, INSERT_BATCH)) {
    const rows = await executor
      .insertInto('machines')
      .values(
        batch.map((machine) => ({
          id: machine.id,
          subscription_id: machine.subscriptionId,
          hwid: machine.hwid,
          first_seen_at: machine.firstSeenAt,
          last_seen_at: machine.lastSeenAt,
          last_ip: machine.lastIp,
        })),
      )
      .onConflict((oc) => oc.columns(['subscription_id', 'hwid']).doNothing())
      .returning('id')
      .execute();
    count += rows.length;
  }
  return count;
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}
