import { defineHandler } from '../../events/index.js';
import type { SettleOutcome } from './settlement-table.js';

/**
 * On `payment.notified` (a signature-checked webhook): settles the payment through the one
 * settlement path, which re-reads it from the gateway. `deliver` (outside any transaction: the
 * gateway is called over HTTP), at least once: a repeat re-reads and changes nothing; a gateway
 * that cannot be read throws, and the outbox retries with backoff.
 */
export function createPaymentNotifiedHandler({
  settle,
}: {
  settle: (paymentId: string) => Promise<SettleOutcome>;
}) {
  return defineHandler({
    name: 'deposits.payment-notified',
    on: 'payment.notified',
    async deliver(event) {
      await settle(event.payload.paymentId);
    },
  });
}
