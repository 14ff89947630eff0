import { TIMING } from '@chaveiro/contract';
import { DAY_MS, effectiveExpiry } from '../subscriptions/index.js';
import type { MachineRow, OwnSubscriptionRow } from './client-repository.js';

/** A machine is online while its last heartbeat is within the online window. */
export function isOnline(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt <= TIMING.onlineWindowMs;
}

/**
 * How a subscription stands at `now` (expiry, days left, last access), as the customer's card
 * and the admin's customer page both show it. `machines` are its bound machines, most recently
 * seen first.
 */
export function subscriptionStanding(sub: OwnSubscriptionRow, machines: MachineRow[], now: number) {
  const expiry = effectiveExpiry(sub, now);
  const remaining = expiry - now;
  // A reset unbinds the machines but not the memory of the last access (sub.last_seen_at).
  const lastSeen = latest(machines[0]?.last_seen_at ?? null, sub.last_seen_at);
  return {
    expires_at: new Date(expiry).toISOString(),
    days_remaining: remaining > 0 ? Math.ceil(remaining / DAY_MS) : 0,
    is_expired: remaining <= 0,
    last_seen_at: lastSeen === null ? null : new Date(lastSeen).toISOString(),
  };
}

function latest(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}
