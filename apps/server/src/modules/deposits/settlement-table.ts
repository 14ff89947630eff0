import type { DepositStatus } from '@chaveiro/contract';
import { paidCents } from './gateway-payment.js';
import type { MercadoPagoPayment } from './mercadopago-client.js';
import type { SettlementRow } from './settlement-repository.js';

/** What one settlement did. */
export type SettleOutcome =
  'unknown' | 'unconfigured' | 'paid' | 'flagged' | 'refunded' | 'closed' | 'pending' | 'unchanged';

/**
 * A deposit as the settlement reads it: its status, with a pending deposit already flagged for
 * the admin (its payment did not match it) told apart, because a deposit is flagged once.
 */
export type SettlementState = DepositStatus | 'flagged';

/** Mercado Pago's view of a payment, read against its deposit. */
export type GatewayVerdict =
  /** approved, for the deposit's reference and its amount in reais */
  | 'paid'
  /** approved, but for another reference, amount or currency: never credited */
  | 'paid_other'
  | 'refunded'
  | 'charged_back'
  /** cancelled or rejected */
  | 'cancelled'
  /** expired, or cancelled or rejected because it expired */
  | 'expired'
  /** not decided yet: pending, in_process, authorized, in_mediation, anything else */
  | 'open';

/**
 * What a settlement does, and what it answers. The changes (flag, credit, close, take_back) are
 * conditional on the deposit's status inside their transaction, so of concurrent or repeated
 * settlements one applies and the others answer 'unchanged'.
 * - none: nothing, not even the read is stored ('unchanged');
 * - note: the read (gateway status, payer) is stored, nothing else ('unchanged');
 * - wait: the read is stored; the payment is still open ('pending');
 * - flag: flagged amount_mismatch with an activity line, never credited ('flagged');
 * - credit: → approved, with the ledger credit, `deposit.paid` and an activity line ('paid');
 * - close: → cancelled or expired, with `deposit.closed`; an activity line when an admin acted
 *   ('closed');
 * - take_back: decided on the deposit as it is in the transaction: still pending (never
 *   credited) it closes as refunded with `deposit.closed` ('closed'); approved, its amount is
 *   debited up to the balance (the rest flagged negative_balance), with `deposit.refunded` and
 *   an activity line ('refunded'). A deposit read pending and credited meanwhile is taken back.
 */
export type SettlementEffect = 'none' | 'note' | 'wait' | 'flag' | 'credit' | 'close' | 'take_back';

/** One cell of the table: the deposit's state after the settlement, and what it does. */
export type Transition =
  | { to: 'cancelled' | 'expired'; effect: 'close' }
  | { to: SettlementState; effect: Exclude<SettlementEffect, 'close'> };

/** A closed deposit: later reads are stored (paid, open) or ignored, never applied. */
function closed(status: DepositStatus): Record<GatewayVerdict, Transition> {
  return {
    paid: { to: status, effect: 'note' },
    paid_other: { to: status, effect: 'note' },
    refunded: { to: status, effect: 'none' },
    charged_back: { to: status, effect: 'none' },
    cancelled: { to: status, effect: 'none' },
    expired: { to: status, effect: 'none' },
    open: { to: status, effect: 'wait' },
  };
}

/**
 * The Mercado Pago settlement: (the deposit's state, the gateway's verdict) → the next state and
 * the effect. Money moves only pending → approved (credit) and approved → refunded (take_back);
 * a closed, rejected or refunded deposit is never credited again, and a credited one is never
 * closed unpaid. Applying a verdict twice changes nothing the second time.
 */
export const SETTLEMENT: Readonly<
  Record<SettlementState, Readonly<Record<GatewayVerdict, Transition>>>
> = {
  pending: {
    paid: { to: 'approved', effect: 'credit' },
    paid_other: { to: 'flagged', effect: 'flag' },
    refunded: { to: 'refunded', effect: 'take_back' },
    charged_back: { to: 'refunded', effect: 'take_back' },
    cancelled: { to: 'cancelled', effect: 'close' },
    expired: { to: 'expired', effect: 'close' },
    open: { to: 'pending', effect: 'wait' },
  },
  // Still pending: only a second mismatch is no news. The payment now matching is credited.
  flagged: {
    paid: { to: 'approved', effect: 'credit' },
    paid_other: { to: 'flagged', effect: 'note' },
    refunded: { to: 'refunded', effect: 'take_back' },
    charged_back: { to: 'refunded', effect: 'take_back' },
    cancelled: { to: 'cancelled', effect: 'close' },
    expired: { to: 'expired', effect: 'close' },
    open: { to: 'flagged', effect: 'wait' },
  },
  // A paid charge is re-read for a late refund or chargeback; its other reads are only noted.
  approved: {
    paid: { to: 'approved', effect: 'note' },
    paid_other: { to: 'approved', effect: 'note' },
    refunded: { to: 'refunded', effect: 'take_back' },
    charged_back: { to: 'refunded', effect: 'take_back' },
    cancelled: { to: 'approved', effect: 'none' },
    expired: { to: 'approved', effect: 'none' },
    open: { to: 'approved', effect: 'wait' },
  },
  rejected: closed('rejected'),
  cancelled: closed('cancelled'),
  expired: closed('expired'),
  refunded: closed('refunded'),
};

/** The deposit's row as the table reads it. */
export function settlementStateOf(row: Pick<SettlementRow, 'status' | 'flag'>): SettlementState {
  return row.status === 'pending' && row.flag !== null ? 'flagged' : row.status;
}

/** The gateway's payment as the table reads it: its status, checked against the deposit. */
export function verdictOf(
  payment: Pick<
    MercadoPagoPayment,
    'status' | 'status_detail' | 'external_reference' | 'transaction_amount' | 'currency_id'
  >,
  deposit: Pick<SettlementRow, 'reference' | 'amount_cents'>,
): GatewayVerdict {
  switch (payment.status) {
    case 'approved':
      return payment.external_reference === deposit.reference &&
        paidCents(payment) === deposit.amount_cents
        ? 'paid'
        : 'paid_other';
    case 'refunded':
    case 'charged_back':
      return payment.status;
    case 'cancelled':
    case 'rejected':
    case 'expired':
      return payment.status === 'expired' || payment.status_detail === 'expired'
        ? 'expired'
        : 'cancelled';
    default:
      return 'open';
  }
}
