import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  expiringQuerySchema,
  expiringResponseSchema,
  resellerAnalyticsResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { AnalyticsService } from './analytics-service.js';

const rangeDescription =
  '`period=7|30|90` (ending today) or `from`/`to` (YYYY-MM-DD, São Paulo days, both included, ' +
  'at most 366 days, `to` not after today); neither: the last 30 days. The previous period is ' +
  'the same number of days right before `from`. Read from the daily rollups only.';

/**
 * The answers are built here from typed rollups, a year of days long: plain JSON.stringify
 * spares them a second walk through the schema, which still documents them (and the route tests
 * check them against it).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The admin's analytics, under /api/analytics. */
export function analyticsRoutes({
  analytics: service,
}: {
  analytics: AnalyticsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.setSerializerCompiler(plainJson);
    const admin = app.requireRole('admin');
    const tags = ['analytics'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary:
          'Daily revenue, sales, sign-ups, redemptions, subscriptions and online users, with the previous period',
        description:
          `${rangeDescription} Also: the four cards at the end of \`previousTo\` (baseline), ` +
          'sales, redemptions and time given back (ms, product freezes that ended) per ' +
          'product, the top 10 resellers by keys sold, and the last 24 h of online users in ' +
          '10-minute buckets. Money in reais.',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema, ...adminErrors },
      }),
      (request) => service.overview(request.query),
    );

    app.get(
      '/expiring',
      guardedRoute(admin, tags, {
        summary:
          'Running subscriptions ending in the next 7 days, soonest first, and the revenue at stake',
        description:
          "Each row is priced at its product's plan nearest a month (monthly, else the longest " +
          'shorter plan), null when the product has no plan. `revenueAtStake` sums every row, ' +
          'not only the page.',
        querystring: expiringQuerySchema,
        response: { 200: expiringResponseSchema, ...adminErrors },
      }),
      (request) => service.expiring(request.query),
    );
    done();
  };
}

/** The reseller's own analytics, /api/reseller/analytics (resellers only, like its other routes). */
export function resellerAnalyticsRoutes({
  analytics: service,
}: {
  analytics: AnalyticsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.setSerializerCompiler(plainJson);
    const reseller = app.requireRole('reseller');

    app.get(
      '',
      guardedRoute(reseller, ['reseller'], {
        summary:
          "The reseller's own keys per day: sold, redeemed and balance spent, with the previous period",
        description: `${rangeDescription} Only the caller's own keys, per day and per product.`,
        querystring: analyticsQuerySchema,
        response: { 200: resellerAnalyticsResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      (request) => service.reseller(authOf(request).userId, request.query),
    );
    done();
  };
}
