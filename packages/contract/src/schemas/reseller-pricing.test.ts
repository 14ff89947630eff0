import { describe, expect, it } from 'vitest';
import { productBodySchema } from './products.js';
import {
  effectiveResellerCents,
  marginPercent,
  percentToBasisPoints,
  resellerDiscountSchema,
} from './reseller-pricing.js';

describe('effectiveResellerCents', () => {
  it('takes the plan’s reseller price when set, even with a discount', () => {
    expect(effectiveResellerCents(5000, 3550, 2000)).toBe(3550);
    expect(effectiveResellerCents(5000, 0, 0)).toBe(0);
  });

  it('rounds retail less the discount half up to the cent', () => {
    expect(effectiveResellerCents(1250, null, 1500)).toBe(1063); // 10,625
    expect(effectiveResellerCents(999, undefined, 1000)).toBe(899); // 8,991
    expect(effectiveResellerCents(5, null, 1000)).toBe(5); // 0,045
    expect(effectiveResellerCents(1, null, 5000)).toBe(1); // 0,005
    expect(effectiveResellerCents(1, null, 5001)).toBe(0); // 0,004999
    expect(effectiveResellerCents(999, null, 3333)).toBe(666); // 6,660333
    expect(effectiveResellerCents(100_000_000, null, 9000)).toBe(10_000_000);
    expect(effectiveResellerCents(777, null, 0)).toBe(777);
  });
});

describe('marginPercent', () => {
  it('is the margin as a share of retail with one decimal, null for a free plan', () => {
    expect(marginPercent(999, 700)).toBe(29.9);
    expect(marginPercent(1250, 1063)).toBe(15);
    expect(marginPercent(300, 200)).toBe(33.3);
    expect(marginPercent(0, 0)).toBeNull();
  });
});

describe('resellerDiscountSchema', () => {
  it('takes 0 to 90 with at most two decimals', () => {
    for (const ok of [0, 0.01, 12.5, 33.33, 90]) expect(resellerDiscountSchema.parse(ok)).toBe(ok);
    for (const bad of [-0.01, 90.01, 12.345, Number.NaN, '10']) {
      expect(resellerDiscountSchema.safeParse(bad).success).toBe(false);
    }
    expect(percentToBasisPoints(33.33)).toBe(3333);
    expect(percentToBasisPoints(0.07)).toBe(7);
  });
});

describe('productBodySchema reseller prices', () => {
  it('refuses a reseller price above retail or without a retail price', () => {
    const parse = (plans: object, resellerPlans: object) =>
      productBodySchema.safeParse({ name: 'x', plans, resellerPlans });
    expect(parse({ monthly: 10 }, { monthly: 10 }).success).toBe(true);
    expect(parse({ monthly: 10 }, { monthly: null }).success).toBe(true);
    expect(parse({ monthly: 10 }, { monthly: 10.01 }).error?.issues[0]?.path).toEqual([
      'resellerPlans',
      'monthly',
    ]);
    expect(parse({}, { daily: 1 }).success).toBe(false);
  });
});
