import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.js';

/**
 * Analytics: daily series read from rollup tables, over São Paulo calendar days.
 * Money is in reais (2 decimals), as everywhere else in the API.
 */
export const ANALYTICS_LIMITS = {
  /** The picker's presets, in days (today included). */
  presets: [7, 30, 90] as const,
  defaultDays: 30,
  /** The longest custom range, in days. */
  maxRangeDays: 366,
  /** The earliest day a custom range may start (no sale predates it; days stay 4-digit years). */
  earliestDay: '2000-01-01',
  /** The "expiring soon" window. */
  expiringDays: 7,
  /** Rows of the reseller leaderboard. */
  leaderboardSize: 10,
  /** The customer's usage window on the subscription card. */
  usageDays: 30,
  /** The recent online chart: the last hours, in buckets of this many minutes. */
  recentOnlineHours: 24,
  recentOnlineBucketMinutes: 10,
} as const;

export const analyticsMessages = {
  invalidFrom: 'Data inicial inválida (use AAAA-MM-DD).',
  invalidTo: 'Data final inválida (use AAAA-MM-DD).',
  invalidPeriod: 'Período inválido: escolha 7, 30 ou 90 dias.',
  bothDates: 'Informe a data inicial e a data final.',
  periodOrDates: 'Escolha um período ou um intervalo de datas, não os dois.',
  fromAfterTo: 'A data inicial deve ser anterior ou igual à data final.',
  rangeTooLong: `O intervalo máximo é de ${String(ANALYTICS_LIMITS.maxRangeDays)} dias.`,
  futureTo: 'A data final não pode estar no futuro.',
  tooEarly: 'As datas devem ser a partir de 01/01/2000.',
} as const;

const day = (message: string) => z.iso.date({ error: message });

/**
 * `?period=7|30|90` (ending today), or `?from=&to=` (São Paulo days, both included, at most
 * `maxRangeDays`). Neither: the last `defaultDays`. The previous period is the same number of
 * days right before `from`.
 */
export const analyticsQuerySchema = z
  .strictObject({
    period: z.enum(['7', '30', '90'], { error: analyticsMessages.invalidPeriod }).optional(),
    from: day(analyticsMessages.invalidFrom).optional(),
    to: day(analyticsMessages.invalidTo).optional(),
  })
  .refine((q) => !(q.period !== undefined && (q.from !== undefined || q.to !== undefined)), {
    message: analyticsMessages.periodOrDates,
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: analyticsMessages.bothDates,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: analyticsMessages.fromAfterTo,
  })
  .refine((q) => q.from === undefined || q.from >= ANALYTICS_LIMITS.earliestDay, {
    message: analyticsMessages.tooEarly,
  })
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= ANALYTICS_LIMITS.maxRangeDays,
    { message: analyticsMessages.rangeTooLong },
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The range answered and the one it is compared with (YYYY-MM-DD, both ends included). */
const rangeShape = {
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  days: z.number().int(),
};

/** One São Paulo day of the admin's series; days with nothing are zeros, never missing. */
export const analyticsDaySchema = z.object({
  day: z.string(),
  /** Approved deposits (PIX, manual or Mercado Pago), credited that day. */
  deposits: z.number(),
  depositsCount: z.number().int(),
  /** Paid deposits refunded or charged back that day. */
  refunds: z.number(),
  /** Purchases paid by balance: shop purchases (by balance or checkout) and resellers' keys. */
  sales: z.number(),
  salesCount: z.number().int(),
  signups: z.number().int(),
  redemptions: z.number().int(),
  /** Running subscriptions at the day's last sample; null for days never sampled nor backfilled. */
  activeSubscriptions: z.number().int().nullable(),
  /** Distinct users in the loader, sampled every minute: the day's highest and mean. */
  onlinePeak: z.number().int().nullable(),
  onlineAverage: z.number().nullable(),
  /**
   * "Tempo devolvido": milliseconds of subscription time product freezes gave back that day,
   * summed over every subscription (counted on the day each freeze ended).
   */
  givenBackMs: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsTotalsSchema = z.object({
  deposits: z.number(),
  depositsCount: z.number().int(),
  refunds: z.number(),
  sales: z.number(),
  salesCount: z.number().int(),
  signups: z.number().int(),
  redemptions: z.number().int(),
  /** At the range's last sampled day. */
  activeSubscriptions: z.number().int().nullable(),
  onlinePeak: z.number().int().nullable(),
  onlineAverage: z.number().nullable(),
  /** Time product freezes gave back over the range, in milliseconds. */
  givenBackMs: z.number().int(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

/** The four spec cards as they stood at the end of a day (its last sample). */
export const metricsSnapshotSchema = z.object({
  day: z.string(),
  onlineUsers: z.number().int(),
  activeUsers: z.number().int(),
  bannedUsers: z.number().int(),
  expiredSubscriptions: z.number().int(),
});
export type MetricsSnapshot = z.infer<typeof metricsSnapshotSchema>;

export const productSalesSchema = z.object({
  productId: z.string(),
  /** The product's current name; 'Produto excluído' once it is deleted (rollups keep ids only). */
  name: z.string(),
  /** Shop purchases and resellers' keys. */
  salesCount: z.number().int(),
  sales: z.number(),
  redemptions: z.number().int(),
  /** Time its freezes gave back to its subscriptions in the range, in milliseconds. */
  givenBackMs: z.number().int(),
});
export type ProductSales = z.infer<typeof productSalesSchema>;

export const resellerRankSchema = z.object({
  resellerId: z.string(),
  /** Null once the account is deleted. */
  username: z.string().nullable(),
  keysSold: z.number().int(),
  keysRedeemed: z.number().int(),
  /** Balance spent on keys, in reais. */
  spent: z.number(),
});
export type ResellerRank = z.infer<typeof resellerRankSchema>;

export const onlinePointSchema = z.object({
  /** ISO start of the bucket. */
  at: z.string(),
  /** The highest sample in the bucket. */
  users: z.number().int(),
});

/** `GET /api/analytics`: everything the admin dashboard charts for a range. */
export const analyticsResponseSchema = z.object({
  ...rangeShape,
  series: z.array(analyticsDaySchema),
  totals: z.object({ current: analyticsTotalsSchema, previous: analyticsTotalsSchema }),
  /** The four cards at the end of `previousTo`, for their change; null when never sampled. */
  baseline: metricsSnapshotSchema.nullable(),
  /** Products with sales, redemptions or time given back in the range, best selling (R$) first. */
  products: z.array(productSalesSchema),
  /** Top resellers by keys sold in the range. */
  resellers: z.array(resellerRankSchema),
  /**
   * The last 24 h of 'Usuários Online', oldest first: the 10-minute buckets that have samples
   * (none while no process was sampling), the last one holding now.
   */
  recentOnline: z.array(onlinePointSchema),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

export const expiringQuerySchema = pageQuerySchema.pick({ page: true, pageSize: true });
export type ExpiringQuery = z.infer<typeof expiringQuerySchema>;

export const expiringSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  username: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** ISO. */
  expiresAt: z.string(),
  /**
   * What renewing it costs, in reais: the product's monthly plan (else its longest), the usual
   * licence term; null when the product has no plan.
   */
  renewalPrice: z.number().nullable(),
});
export type ExpiringSubscription = z.infer<typeof expiringSubscriptionSchema>;

/** `GET /api/analytics/expiring`: running subscriptions ending in the next 7 days, soonest first. */
export const expiringResponseSchema = pageOf(expiringSubscriptionSchema).extend({
  /** Sum of `renewalPrice` over every row (not only this page). */
  revenueAtStake: z.number(),
});
export type ExpiringResponse = z.infer<typeof expiringResponseSchema>;

/** One São Paulo day of a reseller's own keys. */
export const resellerAnalyticsDaySchema = z.object({
  day: z.string(),
  keysSold: z.number().int(),
  keysRedeemed: z.number().int(),
  /** Balance spent on keys that day, in reais. */
  spent: z.number(),
});
export type ResellerAnalyticsDay = z.infer<typeof resellerAnalyticsDaySchema>;

export const resellerAnalyticsTotalsSchema = resellerAnalyticsDaySchema.omit({ day: true });

/** `GET /api/reseller/analytics`: the reseller's own keys over a range. */
export const resellerAnalyticsResponseSchema = z.object({
  ...rangeShape,
  series: z.array(resellerAnalyticsDaySchema),
  totals: z.object({
    current: resellerAnalyticsTotalsSchema,
    previous: resellerAnalyticsTotalsSchema,
  }),
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      keysSold: z.number().int(),
      keysRedeemed: z.number().int(),
      spent: z.number(),
    }),
  ),
});
export type ResellerAnalyticsResponse = z.infer<typeof resellerAnalyticsResponseSchema>;
