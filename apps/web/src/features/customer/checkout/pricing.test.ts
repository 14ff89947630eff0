import { describe, expect, it } from 'vitest';
import {
  expiryAfter,
  paymentRequest,
  quote,
  resolvePayment,
  split,
  toCents,
  toReais,
  type Payment,
} from './pricing';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('money in cents', () => {
  it('rounds reais to whole cents, whatever the floating-point noise', () => {
    // 19.9 * 100 is 1989.9999999999998 and 0.1 + 0.2 is 0.30000000000000004 in IEEE doubles.
    expect(toCents(19.9)).toBe(1990);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(10_000)).toBe(1_000_000);
    expect(toCents(0)).toBe(0);
    expect(toReais(2010)).toBe(20.1);
  });

  it('subtracts in cents, so a price of R$ 19,90 from R$ 20,00 leaves exactly R$ 0,10', () => {
    const offer = quote({ price: 19.9, balance: 20 });
    expect(split(offer, 'balance').balanceAfterCents).toBe(10);
    // In reais the same subtraction is 0.10000000000000142.
    expect(20 - 19.9).not.toBe(0.1);
  });
});

describe('quote: what the balance covers and how the plan may be paid', () => {
  it('offers the balance first when it covers the price', () => {
    expect(quote({ price: 29.9, balance: 50 })).toEqual({
      priceCents: 2990,
      balanceCents: 5000,
      covers: true,
      shortfallCents: 0,
      payments: ['balance', 'full'],
      defaultPayment: 'balance',
    });
  });

  it('counts a balance equal to the price as covering it', () => {
    const offer = quote({ price: 49.9, balance: 49.9 });
    expect(offer.covers).toBe(true);
    expect(offer.defaultPayment).toBe('balance');
    expect(split(offer, 'balance').balanceAfterCents).toBe(0);
  });

  it('prefills the shortfall by PIX when some balance is there to use', () => {
    expect(quote({ price: 49.9, balance: 20 })).toMatchObject({
      covers: false,
      shortfallCents: 2990,
      payments: ['shortfall', 'full'],
      defaultPayment: 'shortfall',
    });
  });

  it('asks the whole price by PIX from an empty balance', () => {
    expect(quote({ price: 5.9, balance: 0 })).toMatchObject({
      covers: false,
      shortfallCents: 590,
      payments: ['full'],
      defaultPayment: 'full',
    });
  });

  it('covers nothing while the balance is unknown (still loading)', () => {
    expect(quote({ price: 19.9, balance: undefined })).toMatchObject({
      balanceCents: 0,
      covers: false,
      payments: ['full'],
    });
    // No plan chosen yet: still nothing covered until the balance is known.
    expect(quote({ price: 0, balance: undefined }).covers).toBe(false);
    expect(quote({ price: 0, balance: 0 }).covers).toBe(true);
  });

  it('is one cent short when the balance lacks one cent', () => {
    const offer = quote({ price: 10, balance: 9.99 });
    expect(offer).toMatchObject({ covers: false, shortfallCents: 1 });
    expect(split(offer, 'shortfall').pixCents).toBe(1);
  });
});

describe('resolvePayment: the choice the quote still allows', () => {
  const cases: [string, { price: number; balance: number }, Payment | null, Payment][] = [
    ['nothing chosen: the default', { price: 10, balance: 50 }, null, 'balance'],
    ['the whole price by PIX is always allowed', { price: 10, balance: 50 }, 'full', 'full'],
    ['the balance once it no longer covers', { price: 60, balance: 50 }, 'balance', 'shortfall'],
    ['the shortfall once the balance covers', { price: 10, balance: 50 }, 'shortfall', 'balance'],
    ['the shortfall from an empty balance', { price: 10, balance: 0 }, 'shortfall', 'full'],
  ];
  it.each(cases)('%s', (_, prices, chosen, expected) => {
    expect(resolvePayment(quote(prices), chosen)).toBe(expected);
  });
});

/**
 * The server's checkout (modules/orders): payWith balance debits the price; payWith pix charges
 * `pixAmount === 'full' || balance >= price ? price : price - balance` and records
 * `paid_from_balance = price - pix`. The figures are the orders module's route tests'.
 */
describe('split: what each way takes from the balance and asks by PIX, as the server records it', () => {
  it('by balance: R$ 29,90 from R$ 50,00 leaves R$ 20,10 (the server answers balance 20.1)', () => {
    expect(split(quote({ price: 29.9, balance: 50 }), 'balance')).toEqual({
      fromBalanceCents: 2990,
      pixCents: 0,
      balanceAfterCents: 2010,
    });
  });

  it('the shortfall: R$ 29,90 with R$ 10,00 asks R$ 19,90 by PIX and uses R$ 10,00', () => {
    expect(split(quote({ price: 29.9, balance: 10 }), 'shortfall')).toEqual({
      fromBalanceCents: 1000,
      pixCents: 1990,
      // The deposit is credited, then the price debited: nothing is left.
      balanceAfterCents: 0,
    });
  });

  it('the whole price: R$ 5,90 by PIX leaves the R$ 10,00 balance as it was', () => {
    expect(split(quote({ price: 5.9, balance: 10 }), 'full')).toEqual({
      fromBalanceCents: 0,
      pixCents: 590,
      balanceAfterCents: 1000,
    });
  });

  it('adds up: what the balance pays and the PIX always make the price', () => {
    for (const [price, balance] of [
      [49.9, 20],
      [0.01, 0],
      [10_000, 9_999.99],
      [19.9, 100],
    ] as const) {
      const offer = quote({ price, balance });
      for (const payment of offer.payments) {
        const { fromBalanceCents, pixCents, balanceAfterCents } = split(offer, payment);
        expect(fromBalanceCents + pixCents).toBe(offer.priceCents);
        expect(balanceAfterCents).toBe(offer.balanceCents + pixCents - offer.priceCents);
        expect(balanceAfterCents).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('paymentRequest: the checkout body the server reads', () => {
  it('asks the shortfall by leaving pixAmount out, and the whole price with pixAmount full', () => {
    expect(paymentRequest('balance')).toEqual({ payWith: 'balance' });
    expect(paymentRequest('shortfall')).toEqual({ payWith: 'pix' });
    expect(paymentRequest('full')).toEqual({ payWith: 'pix', pixAmount: 'full' });
  });
});

describe('expiryAfter: until when the plan runs', () => {
  const now = Date.UTC(2030, 0, 15, 12);

  it('starts now for a product not held', () => {
    expect(expiryAfter(null, 30, now)).toEqual({
      extends: false,
      until: new Date(now + 30 * DAY_MS).toISOString(),
    });
  });

  it('extends a running subscription from its expiry', () => {
    const ownedUntil = '2030-02-01T00:00:00.000Z';
    expect(expiryAfter(ownedUntil, 7, now)).toEqual({
      extends: true,
      until: '2030-02-08T00:00:00.000Z',
    });
  });

  it('starts now again when the held subscription already ran out (or runs out right now)', () => {
    const until = new Date(now + DAY_MS).toISOString();
    expect(expiryAfter('2030-01-01T00:00:00.000Z', 1, now)).toEqual({ extends: false, until });
    expect(expiryAfter(new Date(now).toISOString(), 1, now)).toEqual({ extends: false, until });
  });
});
