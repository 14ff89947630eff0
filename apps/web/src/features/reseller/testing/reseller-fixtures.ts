import type {
  ResellerAnalyticsResponse,
  ResellerKey,
  ResellerProduct,
  ResellerStats,
} from '@chaveiro/contract';
import { epochSeconds, fakeToken } from '@/testing/fake-token';

/** Stores a reseller session, which every reseller call needs before it is sent. */
export function signInAsReseller(username = 'loja_ana') {
  localStorage.setItem(
    'authToken',
    fakeToken({ role: 'reseller', username, exp: epochSeconds(3600) }),
  );
}

export const aimPro: ResellerProduct = {
  id: 'product-aim',
  name: 'Aim Pro',
  description: 'Mira assistida',
  plans: [
    { durationType: 'weekly', days: 7, price: 4, retailPrice: 5, margin: 1, marginPercent: 20 },
    {
      durationType: 'monthly',
      days: 30,
      price: 12.5,
      retailPrice: 20,
      margin: 7.5,
      marginPercent: 37.5,
    },
  ],
};

export const wallhack: ResellerProduct = {
  id: 'product-wall',
  name: 'Wallhack Elite',
  description: '',
  plans: [
    { durationType: 'daily', days: 1, price: 0.1, retailPrice: 0.1, margin: 0, marginPercent: 0 },
  ],
};

export function aStats(overrides: Partial<ResellerStats> = {}): ResellerStats {
  return {
    balance: 50,
    keysSold: 1234,
    redeemed: 1000,
    remaining: 230,
    spentThisMonth: 321.9,
    totalSpent: 4321.5,
    retailValue: 6000,
    potentialMargin: 1678.5,
    realisedMargin: 1200.25,
    ...overrides,
  };
}

export const usedKey: ResellerKey = {
  id: 'key-1',
  key: 'AAAABBBBCCCCDDDDEE',
  product: 'Aim Pro',
  days: 30,
  status: 'used',
  redeemedBy: 'joana',
  redeemedAt: '2030-04-10T15:20:00.000Z',
  createdAt: '2030-04-01T12:00:00.000Z',
};

export const freeKey: ResellerKey = {
  id: 'key-2',
  key: 'ZZZZYYYYXXXXWWWWVV',
  product: 'Wallhack Elite',
  days: 1,
  status: 'active',
  redeemedBy: null,
  redeemedAt: null,
  createdAt: '2030-04-02T12:00:00.000Z',
};

/** Three days of the reseller's keys (10/11 to 12/11/2026) against the three before. */
export function aResellerAnalytics(
  overrides: Partial<ResellerAnalyticsResponse> = {},
): ResellerAnalyticsResponse {
  return {
    from: '2026-11-10',
    to: '2026-11-12',
    previousFrom: '2026-11-07',
    previousTo: '2026-11-09',
    days: 3,
    series: [
      { day: '2026-11-10', keysSold: 20, keysRedeemed: 3, spent: 250 },
      { day: '2026-11-11', keysSold: 0, keysRedeemed: 5, spent: 0 },
      { day: '2026-11-12', keysSold: 5, keysRedeemed: 0, spent: 20 },
    ],
    totals: {
      current: { keysSold: 25, keysRedeemed: 8, spent: 270 },
      previous: { keysSold: 0, keysRedeemed: 10, spent: 300 },
    },
    products: [
      { productId: 'product-aim', name: 'Aim Pro', keysSold: 20, keysRedeemed: 8, spent: 250 },
      {
        productId: 'product-wall',
        name: 'Wallhack Elite',
        keysSold: 5,
        keysRedeemed: 0,
        spent: 20,
      },
    ],
    ...overrides,
  };
}
