import type {
  AnalyticsDay,
  AnalyticsQuery,
  AnalyticsResponse,
  AnalyticsTotals,
  ExpiringQuery,
  ExpiringResponse,
  MetricsSnapshot,
  PlanDurationType,
  ProductSales,
  ResellerAnalyticsDay,
  ResellerAnalyticsResponse,
  ResellerRank,
} from '@chaveiro/contract';
import {
  ANALYTICS_LIMITS,
  PLAN_DURATION_DAYS,
  analyticsMessages,
  centsToReais,
} from '@chaveiro/contract';
import { BUSINESS_TIME_ZONE, addDays, dayIn } from '../../platform/core/calendar.js';
import type { AppContext } from '../../platform/core/context.js';
import { BadRequestError } from '../../platform/core/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import type { Metric } from './analytics-metrics.js';
import { METRICS } from './analytics-metrics.js';
import type { RollupCache, RollupReads } from './analytics-rollup-cache.js';
import type { ExpiringReads, PlanPriceRow } from './analytics-expiring-reads.js';
import type { DailyValue, DimensionTotal } from './analytics-repository.js';
import { CARD_METRICS, GLOBAL_METRICS } from './analytics-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The product of a rollup whose product row is gone. */
export const DELETED_PRODUCT_NAME = 'Produto excluído';

/** The answered range and the one before it, São Paulo days, both ends included. */
export interface AnalyticsRange {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: number;
}

/** The day lists answered lately: a few ranges are asked again and again (the periods). */
const dayLists = new Map<string, readonly string[]>();
const DAY_LISTS_KEPT = 32;

/** Every day of [from, to], oldest first. */
function daysOf(from: string, to: string): readonly string[] {
  const key = `${from}|${to}`;
  const known = dayLists.get(key);
  if (known) return known;
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    // Ranges are validated (≤ 366 days from 2000 on): a longer walk is a bug, not a long answer.
    if (days.length > ANALYTICS_LIMITS.maxRangeDays) throw new Error(`day range ${from}..${to}`);
    days.push(day);
  }
  if (dayLists.size >= DAY_LISTS_KEPT) dayLists.clear();
  dayLists.set(key, days);
  return days;
}

/** value[metric][day] of one dimension's rows. */
function byMetricAndDay(rows: readonly DailyValue[]): Map<string, Map<string, number>> {
  const map = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let days = map.get(row.metric);
    if (!days) map.set(row.metric, (days = new Map<string, number>()));
    days.set(row.day, row.value);
  }
  return map;
}

/** value[dimension][metric] of summed rows. */
function byDimension(rows: readonly DimensionTotal[]): Map<string, Map<string, number>> {
  const map = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let metrics = map.get(row.dimension);
    if (!metrics) map.set(row.dimension, (metrics = new Map<string, number>()));
    metrics.set(row.metric, row.value);
  }
  return map;
}

/** A mean to one decimal, as the charts show it. */
const mean = (sum: number, samples: number) =>
  samples > 0 ? Math.round((sum / samples) * 10) / 10 : null;

/**
 * The plan a renewal is priced at: the product's plan nearest a month, the usual licence term
 * (keys default to 30 days), i.e. its longest (monthly, else bi-weekly, weekly, daily). Null when
 * the product has no plan.
 *
 * Per product, not per subscription: a subscription does not store its last term, and looking it
 * up (its latest order or redeemed key) for every expiring row would cost two index probes per
 * row, thousands of rows at our scale, for a total that must cover every row.
 */
export function renewalPlan<P extends { duration_type: PlanDurationType }>(
  plans: readonly P[],
): P | null {
  let best: P | null = null;
  for (const plan of plans) {
    if (
      best === null ||
      PLAN_DURATION_DAYS[plan.duration_type] > PLAN_DURATION_DAYS[best.duration_type]
    ) {
      best = plan;
    }
  }
  return best;
}

export interface AnalyticsServiceDeps extends Pick<AppContext, 'clock'> {
  repository: RollupReads;
  /** Keeps whole answers' rollup figures, as it keeps the reads' parts. */
  cache: Pick<RollupCache, 'live'>;
  expiring: ExpiringReads;
}

/**
 * The analytics dashboards, read from the rollups: series zero-filled over São Paulo
 * days, totals of the range and of the one before it, the four cards at the end of the day
 * before the range, products, the reseller leaderboard, the last 24 h online and the
 * subscriptions about to expire with the revenue they put at stake.
 */
export function createAnalyticsService({
  clock,
  repository,
  cache,
  expiring,
}: AnalyticsServiceDeps) {
  /** The range a query asks for, ending today at the latest. */
  function rangeOf(query: AnalyticsQuery): AnalyticsRange {
    const today = dayIn(BUSINESS_TIME_ZONE, clock.now());
    let from: string;
    let to: string;
    if (query.from !== undefined && query.to !== undefined) {
      if (query.to > today) throw new BadRequestError(analyticsMessages.futureTo);
      from = query.from;
      to = query.to;
    } else {
      const days = query.period ? Number(query.period) : ANALYTICS_LIMITS.defaultDays;
      to = today;
      from = addDays(today, -(days - 1));
    }
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    const previousTo = addDays(from, -1);
    return { from, to, previousFrom: addDays(previousTo, -(days - 1)), previousTo, days };
  }

  /** The admin's series for every day of [from, to] from value[metric][day]. */
  function seriesOf(values: Map<string, Map<string, number>>, from: string, to: string) {
    const at = (metric: Metric, day: string) => values.get(metric)?.get(day);
    return daysOf(from, to).map((day): AnalyticsDay => {
      const samples = at(METRICS.onlineSamples, day) ?? 0;
      const peak = at(METRICS.onlinePeak, day);
      return {
        day,
        deposits: centsToReais(at(METRICS.depositsCents, day) ?? 0),
        depositsCount: at(METRICS.depositsCount, day) ?? 0,
        refunds: centsToReais(at(METRICS.refundsCents, day) ?? 0),
        sales: centsToReais(at(METRICS.salesCents, day) ?? 0),
        salesCount: at(METRICS.salesCount, day) ?? 0,
        signups: at(METRICS.signups, day) ?? 0,
        redemptions: at(METRICS.redemptions, day) ?? 0,
        activeSubscriptions: at(METRICS.activeSubscriptions, day) ?? null,
        onlinePeak: peak ?? null,
        onlineAverage: mean(at(METRICS.onlineSum, day) ?? 0, samples),
        givenBackMs: at(METRICS.givenBackMs, day) ?? 0,
      };
    });
  }

  function totalsOf(
    series: readonly AnalyticsDay[],
    values: Map<string, Map<string, number>>,
  ): AnalyticsTotals {
    const sum = (pick: (day: AnalyticsDay) => number) =>
      series.reduce((total, day) => total + pick(day), 0);
    /** A metric's raw total over the series' days (cents stay integers). */
    const raw = (metric: Metric) =>
      series.reduce((total, { day }) => total + (values.get(metric)?.get(day) ?? 0), 0);
    const peaks = series.flatMap((day) => (day.onlinePeak === null ? [] : [day.onlinePeak]));
    const lastActive = series.findLast((day) => day.activeSubscriptions !== null);
    return {
      // Summed in cents, then converted: no floating-point drift over 366 days.
      deposits: centsToReais(raw(METRICS.depositsCents)),
      depositsCount: sum((day) => day.depositsCount),
      refunds: centsToReais(raw(METRICS.refundsCents)),
      sales: centsToReais(raw(METRICS.salesCents)),
      salesCount: sum((day) => day.salesCount),
      signups: sum((day) => day.signups),
      redemptions: sum((day) => day.redemptions),
      activeSubscriptions: lastActive?.activeSubscriptions ?? null,
      onlinePeak: peaks.length > 0 ? Math.max(...peaks) : null,
      onlineAverage: mean(raw(METRICS.onlineSum), raw(METRICS.onlineSamples)),
      givenBackMs: raw(METRICS.givenBackMs),
    };
  }

  /**
   * The four cards' snapshot of `day` (the sampler's last of that day), or null when that very
   * day was never sampled: an older day would compare against a different date than the one
   * shown, so none is looked for.
   */
  function snapshotOf(rows: readonly DailyValue[], day: string): MetricsSnapshot | null {
    if (rows.length === 0) return null;
    const value = (metric: Metric) => rows.find((row) => row.metric === metric)?.value ?? 0;
    return {
      day,
      onlineUsers: value(METRICS.onlineUsers),
      activeUsers: value(METRICS.activeUsers),
      bannedUsers: value(METRICS.bannedUsers),
      expiredSubscriptions: value(METRICS.expiredSubscriptions),
    };
  }

  /** Each product's figures over [from, to] (names are read per answer: `namedProducts`). */
  async function productTotalsOf(from: string, to: string) {
    const totals = byDimension(
      await repository.totalsByDimension(
        [
          METRICS.productSalesCents,
          METRICS.productSalesCount,
          METRICS.productRedemptions,
          METRICS.productGivenBackMs,
        ],
        from,
        to,
      ),
    );
    return [...totals.entries()]
      .map(([productId, metrics]) => ({
        productId,
        salesCount: metrics.get(METRICS.productSalesCount) ?? 0,
        salesCents: metrics.get(METRICS.productSalesCents) ?? 0,
        redemptions: metrics.get(METRICS.productRedemptions) ?? 0,
        givenBackMs: metrics.get(METRICS.productGivenBackMs) ?? 0,
      }))
      .filter(
        (row) =>
          row.salesCount > 0 || row.salesCents > 0 || row.redemptions > 0 || row.givenBackMs > 0,
      );
  }

  /** The products' current names, then their order (names break ties). */
  async function namedProducts(
    totals: Awaited<ReturnType<typeof productTotalsOf>>,
  ): Promise<ProductSales[]> {
    const names = new Map(
      (await repository.productNames(totals.map((row) => row.productId))).map((row) => [
        row.id,
        row.name,
      ]),
    );
    return totals
      .map((row) => ({ ...row, name: names.get(row.productId) ?? DELETED_PRODUCT_NAME }))
      .sort(
        (a, b) =>
          b.salesCents - a.salesCents ||
          b.salesCount - a.salesCount ||
          b.redemptions - a.redemptions ||
          b.givenBackMs - a.givenBackMs ||
          a.name.localeCompare(b.name, 'pt-BR'),
      )
      .map(({ salesCents, productId, name, salesCount, redemptions, givenBackMs }) => ({
        productId,
        name,
        salesCount,
        sales: centsToReais(salesCents),
        redemptions,
        givenBackMs,
      }));
  }

  /** The top resellers' figures over [from, to] (usernames are read per answer). */
  async function leaderboardOf(from: string, to: string) {
    const top = await repository.top(
      METRICS.resellerKeysSold,
      from,
      to,
      ANALYTICS_LIMITS.leaderboardSize,
    );
    const totals = byDimension(
      await repository.totalsOf(
        [METRICS.resellerKeysRedeemed, METRICS.resellerSpentCents],
        top.map((row) => row.dimension),
        from,
        to,
      ),
    );
    return top.map((row) => ({
      resellerId: row.dimension,
      keysSold: row.value,
      keysRedeemed: totals.get(row.dimension)?.get(METRICS.resellerKeysRedeemed) ?? 0,
      spent: centsToReais(totals.get(row.dimension)?.get(METRICS.resellerSpentCents) ?? 0),
    }));
  }

  async function namedResellers(
    ranks: Awaited<ReturnType<typeof leaderboardOf>>,
  ): Promise<ResellerRank[]> {
    const users = await repository.usernames(ranks.map((row) => row.resellerId));
    const names = new Map(users.map((row) => [row.id, row.username]));
    return ranks.map(({ resellerId, keysSold, keysRedeemed, spent }) => ({
      resellerId,
      username: names.get(resellerId) ?? null,
      keysSold,
      keysRedeemed,
      spent,
    }));
  }

  /** The last 24 h of online users: buckets of 10 minutes, the last one ending `until`. */
  async function recentOnline(until: number) {
    const bucketMs = ANALYTICS_LIMITS.recentOnlineBucketMinutes * MINUTE_MS;
    const since = until - ANALYTICS_LIMITS.recentOnlineHours * 60 * MINUTE_MS;
    const buckets = await repository.onlineBuckets(since, until, bucketMs);
    return buckets.map((bucket) => ({
      at: new Date(bucket.at).toISOString(),
      users: bucket.users,
    }));
  }

  /** Everything a reseller's analytics of `range` reads from the rollups (no names). */
  async function resellerFigures(resellerId: string, range: AnalyticsRange) {
    const metrics = [
      METRICS.resellerKeysSold,
      METRICS.resellerKeysRedeemed,
      METRICS.resellerSpentCents,
    ] as const;
    // The reseller's products are among those sold or redeemed by anyone in the range: their
    // ids name the (reseller, product) dimensions to read by primary key.
    const [rows, productIds] = await Promise.all([
      repository.daily(metrics, resellerId, range.previousFrom, range.to),
      repository.dimensionsWith(
        [METRICS.productSalesCount, METRICS.productRedemptions],
        range.from,
        range.to,
      ),
    ]);
    const dimensionOf = (productId: string) => `${resellerId}/${productId}`;
    const perProduct = byDimension(
      await repository.totalsOf(
        [
          METRICS.resellerProductKeysSold,
          METRICS.resellerProductKeysRedeemed,
          METRICS.resellerProductSpentCents,
        ],
        productIds.map(dimensionOf),
        range.from,
        range.to,
      ),
    );

    const values = byMetricAndDay(rows);
    const seriesFor = (from: string, to: string) =>
      daysOf(from, to).map((day): ResellerAnalyticsDay => ({
        day,
        keysSold: values.get(METRICS.resellerKeysSold)?.get(day) ?? 0,
        keysRedeemed: values.get(METRICS.resellerKeysRedeemed)?.get(day) ?? 0,
        spent: centsToReais(values.get(METRICS.resellerSpentCents)?.get(day) ?? 0),
      }));
    const totalFor = (from: string, to: string) => {
      const days = daysOf(from, to);
      const sum = (metric: Metric) => {
        const ofMetric = values.get(metric);
        return ofMetric ? days.reduce((total, day) => total + (ofMetric.get(day) ?? 0), 0) : 0;
      };
      return {
        keysSold: sum(METRICS.resellerKeysSold),
        keysRedeemed: sum(METRICS.resellerKeysRedeemed),
        spent: centsToReais(sum(METRICS.resellerSpentCents)),
      };
    };
    const products = productIds
      .flatMap((productId) => {
        const metricsOf = perProduct.get(dimensionOf(productId));
        if (!metricsOf) return [];
        return [
          {
            productId,
            keysSold: metricsOf.get(METRICS.resellerProductKeysSold) ?? 0,
            keysRedeemed: metricsOf.get(METRICS.resellerProductKeysRedeemed) ?? 0,
            spentCents: metricsOf.get(METRICS.resellerProductSpentCents) ?? 0,
          },
        ];
      })
      .filter((row) => row.keysSold > 0 || row.keysRedeemed > 0 || row.spentCents > 0);
    return {
      ...range,
      series: seriesFor(range.from, range.to),
      totals: {
        current: totalFor(range.from, range.to),
        previous: totalFor(range.previousFrom, range.previousTo),
      },
      products,
    };
  }

  /** Everything an overview of `range` reads from the rollups (no names). */
  async function overviewFigures(range: AnalyticsRange, onlineUntil: number) {
    const [rows, cards, products, resellers, online] = await Promise.all([
      repository.daily(GLOBAL_METRICS, '', range.previousFrom, range.to),
      repository.daily(CARD_METRICS, '', range.previousTo, range.previousTo),
      productTotalsOf(range.from, range.to),
      leaderboardOf(range.from, range.to),
      recentOnline(onlineUntil),
    ]);
    const values = byMetricAndDay(rows);
    const series = seriesOf(values, range.from, range.to);
    const previous = seriesOf(values, range.previousFrom, range.previousTo);
    return {
      ...range,
      series,
      totals: { current: totalsOf(series, values), previous: totalsOf(previous, values) },
      baseline: snapshotOf(cards, range.previousTo),
      products,
      resellers,
      recentOnline: online,
    };
  }

  return {
    /**
     * The admin's dashboard of a range. Its rollup figures are kept until a rollup write
     * (`RollupCache.live`); the product and reseller names are read each time.
     */
    async overview(query: AnalyticsQuery): Promise<AnalyticsResponse> {
      const range = rangeOf(query);
      const bucketMs = ANALYTICS_LIMITS.recentOnlineBucketMinutes * MINUTE_MS;
      const now = clock.now();
      const onlineUntil = now - (now % bucketMs) + bucketMs;
      const figures = await cache.live(
        `overview|${range.from}|${range.to}|${String(onlineUntil)}`,
        () => overviewFigures(range, onlineUntil),
      );
      const [products, resellers] = await Promise.all([
        namedProducts(figures.products),
        namedResellers(figures.resellers),
      ]);
      return { ...figures, products, resellers };
    },

    /**
     * Running subscriptions ending in the next 7 days, soonest first, each with what renewing
     * it costs (`renewalPlan`). The revenue at stake sums every row, not only the page: counted
     * per product, times its renewal price.
     */
    async expiring(query: ExpiringQuery): Promise<ExpiringResponse> {
      const now = clock.now();
      const until = now + ANALYTICS_LIMITS.expiringDays * DAY_MS;
      const perProduct = await expiring.perProduct(now, until);
      const plansByProduct = new Map<string, PlanPriceRow[]>();
      for (const plan of await expiring.plans(perProduct.keys())) {
        const ofProduct = plansByProduct.get(plan.product_id) ?? [];
        ofProduct.push(plan);
        plansByProduct.set(plan.product_id, ofProduct);
      }
      const renewalCents = (productId: string) =>
        renewalPlan(plansByProduct.get(productId) ?? [])?.price_cents ?? null;
      let total = 0;
      let atStake = 0;
      for (const [productId, count] of perProduct) {
        total += count;
        atStake += count * (renewalCents(productId) ?? 0);
      }

      const page = await pageOf(
        query,
        async (limit, offset) => ({
          rows: offset < total ? await expiring.page(now, until, limit, offset) : [],
          total,
        }),
        (row) => {
          const cents = renewalCents(row.product_id);
          return {
            subscriptionId: row.id,
            userId: row.user_id,
            username: row.username,
            productId: row.product_id,
            productName: row.product_name,
            expiresAt: new Date(row.expires_at).toISOString(),
            renewalPrice: cents === null ? null : centsToReais(cents),
          };
        },
      );
      return { ...page, revenueAtStake: centsToReais(atStake) };
    },

    /**
     * A reseller's own keys over a range: sold, redeemed and spent, per day and per product. Kept
     * as `overview` is; the product names are read each time.
     */
    async reseller(resellerId: string, query: AnalyticsQuery): Promise<ResellerAnalyticsResponse> {
      const range = rangeOf(query);
      const figures = await cache.live(`reseller|${resellerId}|${range.from}|${range.to}`, () =>
        resellerFigures(resellerId, range),
      );
      const names = new Map(
        (await repository.productNames(figures.products.map((row) => row.productId))).map((row) => [
          row.id,
          row.name,
        ]),
      );
      const products = figures.products
        .map((row) => ({ ...row, name: names.get(row.productId) ?? DELETED_PRODUCT_NAME }))
        .sort(
          (a, b) =>
            b.keysSold - a.keysSold ||
            b.spentCents - a.spentCents ||
            b.keysRedeemed - a.keysRedeemed ||
            a.name.localeCompare(b.name, 'pt-BR'),
        )
        .map(({ productId, name, keysSold, keysRedeemed, spentCents }) => ({
          productId,
          name,
          keysSold,
          keysRedeemed,
          spent: centsToReais(spentCents),
        }));
      return { ...figures, products };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
