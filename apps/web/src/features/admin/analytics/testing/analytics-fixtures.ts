import type {
  AnalyticsDay,
  AnalyticsResponse,
  AnalyticsTotals,
  ExpiringResponse,
} from '@chaveiro/contract';

/** A day with nothing, to override what a test reads. */
export function aDay(day: string, overrides: Partial<AnalyticsDay> = {}): AnalyticsDay {
  return {
    day,
    deposits: 0,
    depositsCount: 0,
    refunds: 0,
    sales: 0,
    salesCount: 0,
    signups: 0,
    redemptions: 0,
    activeSubscriptions: null,
    onlinePeak: null,
    onlineAverage: null,
    givenBackMs: 0,
    ...overrides,
  };
}

export function totals(overrides: Partial<AnalyticsTotals> = {}): AnalyticsTotals {
  return {
    deposits: 0,
    depositsCount: 0,
    refunds: 0,
    sales: 0,
    salesCount: 0,
    signups: 0,
    redemptions: 0,
    activeSubscriptions: null,
    onlinePeak: null,
    onlineAverage: null,
    givenBackMs: 0,
    ...overrides,
  };
}

/** Seven days, 12/11 to 18/11/2026, compared with 05/11 to 11/11; figures hand-picked. */
export function sevenDays(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  const days = ['12', '13', '14', '15', '16', '17', '18'].map((d) => `2026-11-${d}`);
  return {
    from: '2026-11-12',
    to: '2026-11-18',
    previousFrom: '2026-11-05',
    previousTo: '2026-11-11',
    days: 7,
    series: days.map((day, index) =>
      aDay(day, {
        activeSubscriptions: 100 + index,
        onlinePeak: 10 + index,
        onlineAverage: 4.5,
        ...(day === '2026-11-14'
          ? { deposits: 150, depositsCount: 3, sales: 89.9, salesCount: 2, signups: 4 }
          : {}),
        ...(day === '2026-11-18' ? { deposits: 50, depositsCount: 1, redemptions: 7 } : {}),
      }),
    ),
    totals: {
      current: totals({
        deposits: 200,
        depositsCount: 4,
        sales: 89.9,
        salesCount: 2,
        signups: 4,
        redemptions: 7,
        activeSubscriptions: 106,
        onlinePeak: 16,
        onlineAverage: 4.5,
        // 2 d 4 h
        givenBackMs: 187_200_000,
      }),
      previous: totals({
        deposits: 160,
        depositsCount: 2,
        sales: 100,
        salesCount: 3,
        signups: 0,
        redemptions: 7,
        activeSubscriptions: 98,
        onlinePeak: 12,
        onlineAverage: 3,
        // 1 d
        givenBackMs: 86_400_000,
      }),
    },
    baseline: {
      day: '2026-11-11',
      onlineUsers: 3,
      activeUsers: 1000,
      bannedUsers: 5,
      expiredSubscriptions: 42,
    },
    products: [
      {
        productId: 'p-aim',
        name: 'Aim Pro',
        salesCount: 2,
        sales: 89.9,
        redemptions: 5,
        givenBackMs: 187_200_000,
      },
      {
        productId: 'p-wall',
        name: 'Wallhack Elite',
        salesCount: 0,
        sales: 0,
        redemptions: 2,
        givenBackMs: 0,
      },
    ],
    resellers: [
      { resellerId: 'r-ana', username: 'loja_ana', keysSold: 120, keysRedeemed: 80, spent: 1500 },
      { resellerId: 'r-gone', username: null, keysSold: 10, keysRedeemed: 1, spent: 40.5 },
    ],
    recentOnline: [
      { at: '2026-11-18T12:00:00.000Z', users: 3 },
      { at: '2026-11-18T12:10:00.000Z', users: 5 },
    ],
    ...overrides,
  };
}

export function expiringPage(overrides: Partial<ExpiringResponse> = {}): ExpiringResponse {
  return {
    items: [
      {
        subscriptionId: 's-1',
        userId: 'user-joana',
        username: 'joana',
        productId: 'p-aim',
        productName: 'Aim Pro',
        expiresAt: '2026-11-20T15:00:00.000Z',
        renewalPrice: 49.9,
      },
      {
        subscriptionId: 's-2',
        userId: 'user-pedro',
        username: 'pedro',
        productId: 'p-wall',
        productName: 'Wallhack Elite',
        expiresAt: '2026-11-22T09:30:00.000Z',
        renewalPrice: null,
      },
    ],
    total: 12,
    page: 1,
    pageSize: 10,
    revenueAtStake: 612.3,
    ...overrides,
  };
}
