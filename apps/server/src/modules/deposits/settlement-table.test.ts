import { describe, expect, it } from 'vitest';
import type { GatewayVerdict, SettlementState } from './settlement-table.js';
import { SETTLEMENT, settlementStateOf, verdictOf } from './settlement-table.js';

/**
 * The settlement table on its own: every (deposit state, gateway verdict) pair, what it must
 * never do, and how a deposit and a Mercado Pago payment are read into it. The effects
 * themselves run on a real database in settlement.test.ts, settlement-races.test.ts and
 * refunds.test.ts.
 */

const VERDICTS: GatewayVerdict[] = [
  'paid',
  'paid_other',
  'refunded',
  'charged_back',
  'cancelled',
  'expired',
  'open',
];

/** Each row in VERDICTS order: "next state, effect". */
const EXPECTED: Record<SettlementState, string[]> = {
  pending: [
    'approved credit',
    'flagged flag',
    'refunded take_back',
    'refunded take_back',
    'cancelled close',
    'expired close',
    'pending wait',
  ],
  flagged: [
    'approved credit',
    'flagged note',
    'refunded take_back',
    'refunded take_back',
    'cancelled close',
    'expired close',
    'flagged wait',
  ],
  approved: [
    'approved note',
    'approved note',
    'refunded take_back',
    'refunded take_back',
    'approved none',
    'approved none',
    'approved wait',
  ],
  rejected: [
    'rejected note',
    'rejected note',
    'rejected none',
    'rejected none',
    'rejected none',
    'rejected none',
    'rejected wait',
  ],
  cancelled: [
    'cancelled note',
    'cancelled note',
    'cancelled none',
    'cancelled none',
    'cancelled none',
    'cancelled none',
    'cancelled wait',
  ],
  expired: [
    'expired note',
    'expired note',
    'expired none',
    'expired none',
    'expired none',
    'expired none',
    'expired wait',
  ],
  refunded: [
    'refunded note',
    'refunded note',
    'refunded none',
    'refunded none',
    'refunded none',
    'refunded none',
    'refunded wait',
  ],
};

const STATES = Object.keys(EXPECTED) as SettlementState[];
const CELLS = STATES.flatMap((state) =>
  VERDICTS.map((verdict, i) => ({ state, verdict, expected: EXPECTED[state][i] })),
);
/** Effects that leave the deposit as it is. */
const NO_CHANGE = ['none', 'note', 'wait'];

describe('the settlement table', () => {
  it('has a cell for every deposit state and gateway verdict, and no other', () => {
    expect(Object.keys(SETTLEMENT).sort()).toEqual([...STATES].sort());
    for (const state of STATES) {
      expect(Object.keys(SETTLEMENT[state]).sort()).toEqual([...VERDICTS].sort());
    }
  });

  it.each(CELLS)('$state + $verdict → $expected', ({ state, verdict, expected }) => {
    const { to, effect } = SETTLEMENT[state][verdict];
    expect(`${to} ${effect}`).toBe(expected);
  });

  it.each(CELLS)('$state + $verdict twice: the repeat changes nothing', ({ state, verdict }) => {
    const first = SETTLEMENT[state][verdict];
    const repeat = SETTLEMENT[first.to][verdict];
    expect(repeat.to).toBe(first.to);
    expect(NO_CHANGE).toContain(repeat.effect);
  });

  it('changes a deposit only with an effect that does, and a no-change effect keeps it', () => {
    for (const { state, verdict } of CELLS) {
      const { to, effect } = SETTLEMENT[state][verdict];
      expect(NO_CHANGE.includes(effect)).toBe(to === state);
    }
  });

  it('credits only a pending deposit for a matching payment', () => {
    const credits = CELLS.filter(
      ({ state, verdict }) => SETTLEMENT[state][verdict].effect === 'credit',
    );
    expect(credits.map(({ state, verdict }) => `${state} ${verdict}`)).toEqual([
      'pending paid',
      'flagged paid',
    ]);
  });

  it('takes money back only on a refund or chargeback, never from a closed deposit', () => {
    for (const { state, verdict } of CELLS) {
      const takesBack = SETTLEMENT[state][verdict].effect === 'take_back';
      const refund = verdict === 'refunded' || verdict === 'charged_back';
      expect(takesBack).toBe(refund && ['pending', 'flagged', 'approved'].includes(state));
    }
  });

  it('refuses every change to a rejected, cancelled, expired or refunded deposit', () => {
    for (const state of ['rejected', 'cancelled', 'expired', 'refunded'] as const) {
      for (const verdict of VERDICTS) {
        const { to, effect } = SETTLEMENT[state][verdict];
        expect(to).toBe(state);
        expect(NO_CHANGE).toContain(effect);
      }
    }
  });

  it('never closes a credited deposit unpaid, nor reads a payment elsewhere as its own', () => {
    expect(SETTLEMENT.approved.cancelled).toEqual({ to: 'approved', effect: 'none' });
    expect(SETTLEMENT.approved.expired).toEqual({ to: 'approved', effect: 'none' });
    expect(SETTLEMENT.pending.paid_other.effect).toBe('flag');
    expect(SETTLEMENT.flagged.paid_other.effect).toBe('note');
  });
});

describe('reading a deposit into the table', () => {
  it('tells a flagged pending deposit apart; other flags keep the status', () => {
    expect(settlementStateOf({ status: 'pending', flag: null })).toBe('pending');
    expect(settlementStateOf({ status: 'pending', flag: 'amount_mismatch' })).toBe('flagged');
    expect(settlementStateOf({ status: 'approved', flag: null })).toBe('approved');
    expect(settlementStateOf({ status: 'refunded', flag: 'negative_balance' })).toBe('refunded');
    expect(settlementStateOf({ status: 'refunded', flag: 'amount_mismatch' })).toBe('refunded');
  });
});

describe('reading a Mercado Pago payment into the table', () => {
  const deposit = { reference: 'ABCD2345', amount_cents: 1050 };
  const payment = (fields: Partial<Parameters<typeof verdictOf>[0]>) => ({
    status: 'approved',
    status_detail: 'accredited',
    external_reference: 'ABCD2345',
    transaction_amount: 10.5,
    currency_id: 'BRL',
    ...fields,
  });

  it('an approved payment is paid only for the reference and the amount in reais', () => {
    expect(verdictOf(payment({}), deposit)).toBe('paid');
    expect(verdictOf(payment({ external_reference: 'ZZZZ9999' }), deposit)).toBe('paid_other');
    expect(verdictOf(payment({ external_reference: null }), deposit)).toBe('paid_other');
    expect(verdictOf(payment({ transaction_amount: 10.49 }), deposit)).toBe('paid_other');
    expect(verdictOf(payment({ currency_id: 'USD' }), deposit)).toBe('paid_other');
    expect(verdictOf(payment({ currency_id: null }), deposit)).toBe('paid_other');
  });

  it('refunds and chargebacks are told apart (the ledger says which)', () => {
    expect(verdictOf(payment({ status: 'refunded' }), deposit)).toBe('refunded');
    expect(verdictOf(payment({ status: 'charged_back' }), deposit)).toBe('charged_back');
  });

  it('a cancelled or rejected payment is expired when it expired', () => {
    expect(
      verdictOf(payment({ status: 'cancelled', status_detail: 'by_collector' }), deposit),
    ).toBe('cancelled');
    expect(verdictOf(payment({ status: 'rejected', status_detail: null }), deposit)).toBe(
      'cancelled',
    );
    expect(verdictOf(payment({ status: 'cancelled', status_detail: 'expired' }), deposit)).toBe(
      'expired',
    );
    expect(verdictOf(payment({ status: 'rejected', status_detail: 'expired' }), deposit)).toBe(
      'expired',
    );
    expect(verdictOf(payment({ status: 'expired', status_detail: null }), deposit)).toBe('expired');
  });

  it.each(['pending', 'in_process', 'authorized', 'in_mediation', 'something_new'])(
    'a payment %s is still open',
    (status) => {
      expect(verdictOf(payment({ status, status_detail: null }), deposit)).toBe('open');
    },
  );
});
