import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/core/context.js';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.js';
import type { DepositsRepository } from './deposits-repository.js';
import type { SettleOutcome } from './settlement-table.js';

/** How often pending gateway charges are re-read (webhooks get lost). */
export const GATEWAY_POLL_INTERVAL_MS = 30_000;
/** Charges re-read per round, oldest first. */
const BATCH = 50;
/**
 * Paid charges are re-read too, for a refund or chargeback whose webhook was lost: those paid in
 * the last 30 days, each at most every 6 hours, a few per round.
 */
const RECHECK_PAID_WITHIN_MS = 30 * 24 * 60 * 60 * 1000;
const RECHECK_EVERY_MS = 6 * 60 * 60 * 1000;
const RECHECK_BATCH = 10;

export interface GatewayPollDeps extends Pick<AppContext, 'clock' | 'jobLeases'> {
  deposits: Pick<DepositsRepository, 'pendingGatewayPayments' | 'paidGatewayPaymentsToRecheck'>;
  /** The deposits service's one settlement path. */
  settle: (paymentId: string) => Promise<SettleOutcome>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The background poll of pending Mercado Pago charges: each is settled through the same path as
 * the webhook (re-read, then a conditional change), so a lost notification is caught within
 * GATEWAY_POLL_INTERVAL_MS and a poll racing a webhook credits once. Recently paid charges are
 * re-read every few hours, so a refund whose notification was lost is still taken back.
 * `runOnce()` runs it now (tests). The charges' expiry follows the gateway (and so the app clock
 * that set it), not this timer.
 */
export function createGatewayPoll({ clock, jobLeases, deposits, settle, log }: GatewayPollDeps) {
  async function check(): Promise<Record<string, SettleOutcome>> {
    const outcomes: Record<string, SettleOutcome> = {};
    const now = clock.now();
    const due = [
      ...(await deposits.pendingGatewayPayments(BATCH)),
      ...(await deposits.paidGatewayPaymentsToRecheck(
        { paidSince: now - RECHECK_PAID_WITHIN_MS, checkedBefore: now - RECHECK_EVERY_MS },
        RECHECK_BATCH,
      )),
    ];
    for (const paymentId of due) {
      try {
        outcomes[paymentId] = await settle(paymentId);
      } catch (error) {
        // The gateway is down or answered garbage: the next round tries again.
        log.warn({ err: error, paymentId }, 'pending Mercado Pago charge not re-read');
      }
    }
    return outcomes;
  }

  return createPeriodicJob({
    run: check,
    intervalMs: GATEWAY_POLL_INTERVAL_MS,
    // Two polls at once credit once: settling is a conditional change on the payment's status.
    lease: { name: 'gateway-poll', leases: jobLeases },
    onError: (error) => log.warn({ err: error }, 'gateway poll failed'),
  });
}

export type GatewayPoll = ReturnType<typeof createGatewayPoll>;
