import type { CheckoutBody } from '@chaveiro/contract';

/**
 * The checkout's arithmetic, in integer cents as the server keeps money (prices and balances
 * arrive in reais): what the balance covers, how the plan may be paid, what each way takes from
 * the balance and asks by PIX, and until when the plan runs. It mirrors the server's checkout
 * (modules/orders: the PIX amount, what the balance pays) and how a purchase extends a
 * subscription (modules/subscriptions), so the dialog shows the numbers the order will record.
 */

/** How the plan is paid: all from the balance, the shortfall by PIX, or all by PIX. */
export type Payment = 'balance' | 'shortfall' | 'full';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Reais (as the API sends them, e.g. 19.9) to whole cents; floating-point noise rounds away. */
export const toCents = (reais: number) => Math.round(reais * 100);
export const toReais = (cents: number) => cents / 100;

/** A plan's price against the customer's balance. */
export interface Quote {
  priceCents: number;
  balanceCents: number;
  /** The balance pays the whole price. */
  covers: boolean;
  /** What the balance lacks; 0 when it covers. */
  shortfallCents: number;
  /** The ways this quote can be paid, in the order the dialog lists them. */
  payments: readonly Payment[];
  /** The way picked until the customer picks another. */
  defaultPayment: Payment;
}

/** `balance` is undefined while it loads: then nothing counts as covered. */
export function quote({ price, balance }: { price: number; balance: number | undefined }): Quote {
  const priceCents = toCents(price);
  const balanceCents = balance === undefined ? 0 : toCents(balance);
  const covers = balance !== undefined && balanceCents >= priceCents;
  const payments: Payment[] = covers
    ? ['balance', 'full']
    : balanceCents > 0
      ? ['shortfall', 'full']
      : ['full'];
  return {
    priceCents,
    balanceCents,
    covers,
    shortfallCents: covers ? 0 : priceCents - balanceCents,
    payments,
    defaultPayment: payments[0] ?? 'full',
  };
}

/** The customer's choice while the quote allows it; otherwise the quote's default. */
export function resolvePayment(offer: Quote, chosen: Payment | null): Payment {
  return chosen !== null && offer.payments.includes(chosen) ? chosen : offer.defaultPayment;
}

/** What one way of paying takes from the balance and asks by PIX, and the balance after. */
export interface Split {
  fromBalanceCents: number;
  pixCents: number;
  /** Once paid (the PIX confirmed): the deposit is credited, then the price debited. */
  balanceAfterCents: number;
}

export function split(offer: Quote, payment: Payment): Split {
  const { priceCents, balanceCents } = offer;
  switch (payment) {
    case 'balance':
      return {
        fromBalanceCents: priceCents,
        pixCents: 0,
        balanceAfterCents: balanceCents - priceCents,
      };
    case 'shortfall':
      return {
        fromBalanceCents: balanceCents,
        pixCents: priceCents - balanceCents,
        balanceAfterCents: 0,
      };
    case 'full':
      return { fromBalanceCents: 0, pixCents: priceCents, balanceAfterCents: balanceCents };
  }
}

/** The request's payment fields: the server charges the shortfall by PIX unless told `full`. */
export function paymentRequest(payment: Payment): Pick<CheckoutBody, 'payWith' | 'pixAmount'> {
  if (payment === 'balance') return { payWith: 'balance' };
  return payment === 'full' ? { payWith: 'pix', pixAmount: 'full' } : { payWith: 'pix' };
}

/**
 * Until when the plan runs once bought: from the current expiry while the product is held and
 * running (the purchase extends it), else from `now`.
 */
export function expiryAfter(
  ownedUntil: string | null,
  days: number,
  now: number,
): { extends: boolean; until: string } {
  const current = ownedUntil ? new Date(ownedUntil).getTime() : null;
  const running = current !== null && current > now;
  const base = running ? current : now;
  return { extends: running, until: new Date(base + days * DAY_MS).toISOString() };
}
