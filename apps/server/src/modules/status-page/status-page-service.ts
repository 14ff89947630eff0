import type { PublicStatus } from '@chaveiro/contract';
import { PRODUCT_STATUS_LIMITS } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { BUSINESS_TIME_ZONE } from '../../platform/core/calendar.js';
import { sharedTtlCache } from '../../platform/state/ttl-cache.js';
import type { CacheInvalidations } from '../../platform/state/shared-state.js';
import type { StatusStretch } from './status-days.js';
import { lastDays, worstStatusByDay } from './status-days.js';
import type { StatusPageRepository } from './status-page-repository.js';

/**
 * How long one computed answer serves every visitor. The page must show a change within a
 * minute: a change clears it at once (the `product.status_changed` handler), so this bounds
 * only what nothing announces (a product put on or taken off sale).
 */
export const STATUS_PAGE_CACHE_MS = 30_000;

/** The name this cache is cleared by on every node (shared state announcements). */
const STATUS_PAGE_CACHE_NAME = 'status-page';

/**
 * `GET /api/status`: every product on sale, its operational status, note and since when, and
 * its last 90 São Paulo days (the analytics' days), each day the worst status it had. Computed
 * at most once per STATUS_PAGE_CACHE_MS for everyone: the page is public and polled.
 */
export function createStatusPageService({
  clock,
  repository,
  invalidations,
}: Pick<AppContext, 'clock'> & {
  repository: StatusPageRepository;
  invalidations: CacheInvalidations;
}) {
  const cache = sharedTtlCache<PublicStatus>(
    invalidations,
    STATUS_PAGE_CACHE_NAME,
    STATUS_PAGE_CACHE_MS,
  );

  async function compute(now: number): Promise<PublicStatus> {
    const days = lastDays(BUSINESS_TIME_ZONE, now, PRODUCT_STATUS_LIMITS.historyDays);
    const from = days[0]?.start ?? now;
    const [products, outages] = await Promise.all([
      repository.productsOnSale(),
      repository.outagesBetween(from, now),
    ]);
    const stretchesOf = new Map<string, StatusStretch[]>();
    for (const outage of outages) {
      const stretches = stretchesOf.get(outage.product_id) ?? [];
      stretches.push({ status: outage.status, start: outage.started_at, end: outage.ended_at });
      stretchesOf.set(outage.product_id, stretches);
    }
    return {
      generatedAt: new Date(now).toISOString(),
      products: products.map((product) => {
        // No status is older than its product (a product created before its status had a
        // "since" has none stored: 0).
        const since = Math.max(product.status_since, product.created_at);
        const stretches = stretchesOf.get(product.id) ?? [];
        // The product's own columns say what it is now even if its timeline lacks the period.
        if (product.operational_status !== 'operational') {
          stretches.push({ status: product.operational_status, start: since, end: null });
        }
        return {
          id: product.id,
          name: product.name,
          status: product.operational_status,
          note: product.status_note,
          since: new Date(since).toISOString(),
          days: worstStatusByDay(days, stretches, product.created_at, now),
        };
      }),
    };
  }

  return {
    publicStatus(): Promise<PublicStatus> {
      const now = clock.now();
      return cache.get('status', () => compute(now), now);
    },

    /** Drops the answer here and on every other node: the next visitor sees the change. */
    invalidate: (): void => cache.clear(),
  };
}

export type StatusPageService = ReturnType<typeof createStatusPageService>;
