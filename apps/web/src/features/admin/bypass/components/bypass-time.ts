import type { BypassUidItem } from '@chaveiro/contract';

const HOUR_MS = 60 * 60 * 1000;
const HUNDREDTH_HOUR_MS = HOUR_MS / 100;

const hoursFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The time left the server reported, in milliseconds. */
export function reportedRemainingMs(row: BypassUidItem): number {
  return Math.round(row.remaining_hours * HOUR_MS);
}

/**
 * Milliseconds left at `now`, counted down from the answer the server gave at `receivedAt`.
 * A paused UID keeps its time; a running one never goes below zero.
 */
export function remainingMsAt(row: BypassUidItem, receivedAt: number, now: number): number {
  const atReceipt = reportedRemainingMs(row);
  if (row.paused) return atReceipt;
  return Math.max(0, atReceipt - Math.max(0, now - receivedAt));
}

/** Hours with 2 decimals (spec §9), rounded down so the screen never promises time not left. */
export function formatRemainingHours(ms: number): string {
  return hoursFormat.format(Math.floor(ms / HUNDREDTH_HOUR_MS) / 100);
}
