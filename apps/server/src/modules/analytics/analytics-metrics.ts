/**
 * The rollup metrics stored in `analytics_daily` (2026112901_analytics), by name. Counters are
 * added to once per business fact (handlers and backfill); gauges are set by the minute sampler.
 * Stored names: never rename.
 */
export const METRICS = {
  // Counters over the whole platform (dimension '').
  depositsCents: 'deposits.cents',
  depositsCount: 'deposits.count',
  refundsCents: 'refunds.cents',
  salesCents: 'sales.cents',
  salesCount: 'sales.count',
  signups: 'signups',
  redemptions: 'redemptions',
  /** "Tempo devolvido": subscription time given back when a product's freeze ended, in ms. */
  givenBackMs: 'given_back.ms',
  // Counters per product (dimension: product id).
  productSalesCents: 'product.sales.cents',
  productSalesCount: 'product.sales.count',
  productRedemptions: 'product.redemptions',
  productGivenBackMs: 'product.given_back.ms',
  // Counters per reseller (dimension: reseller id) and per reseller and product
  // (dimension: `<resellerId>/<productId>`).
  resellerKeysSold: 'reseller.keys_sold',
  resellerKeysRedeemed: 'reseller.keys_redeemed',
  resellerSpentCents: 'reseller.spent.cents',
  resellerProductKeysSold: 'reseller_product.keys_sold',
  resellerProductKeysRedeemed: 'reseller_product.keys_redeemed',
  resellerProductSpentCents: 'reseller_product.spent.cents',
  // Gauges (dimension ''), the day's last sample: the four cards and running subscriptions.
  onlineUsers: 'gauge.online_users',
  activeUsers: 'gauge.active_users',
  bannedUsers: 'gauge.banned_users',
  expiredSubscriptions: 'gauge.expired_subscriptions',
  activeSubscriptions: 'gauge.active_subscriptions',
  // Online users per day from the minute samples: highest, sum and number of samples (mean).
  onlinePeak: 'online.peak',
  onlineSum: 'online.sum',
  onlineSamples: 'online.samples',
} as const;

export type Metric = (typeof METRICS)[keyof typeof METRICS];

/** The stable id of a counted business fact (`analytics_facts`): one per object, never per event. */
export const FACTS = {
  deposit: (depositId: string) => `deposit:${depositId}`,
  refund: (depositId: string) => `refund:${depositId}`,
  order: (orderId: string) => `order:${orderId}`,
  resellerKeys: (resellerId: string, at: number, productId: string) =>
    `keys:${resellerId}:${String(at)}:${productId}`,
  signup: (userId: string) => `user:${userId}`,
  redemption: (keyId: string) => `redemption:${keyId}`,
  /**
   * A product's freeze that ended at `endedAt` (epoch ms): the status period it closed. Two
   * freezes of one product cannot end in the same millisecond with time to give back.
   */
  givenBack: (productId: string, endedAt: number) => `given-back:${productId}:${String(endedAt)}`,
} as const;
