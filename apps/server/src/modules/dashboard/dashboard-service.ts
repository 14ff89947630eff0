import type { MetricsResponse } from '@chaveiro/contract';
import { ADMIN_LIMITS, TIMING } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import type { DashboardRepository } from './dashboard-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createDashboardService({
  clock,
  repository,
}: Pick<AppContext, 'clock'> & { repository: DashboardRepository }) {
  // Every admin tab polls each second: tabs share one computation per second, and calls that
  // arrive while it runs wait for it instead of starting their own.
  let cached: { at: number; value: Promise<MetricsResponse> } | undefined;

  function compute(now: number): Promise<MetricsResponse> {
    return repository.metrics({
      now,
      onlineSince: now - TIMING.onlineWindowMs,
      expiredSince: now - TIMING.expiredMetricWindowDays * DAY_MS,
    });
  }

  return {
    metrics(): Promise<MetricsResponse> {
      const now = clock.now();
      if (cached && now >= cached.at && now - cached.at < ADMIN_LIMITS.metricsCacheMs) {
        return cached.value;
      }
      const entry = { at: now, value: compute(now) };
      cached = entry;
      // A failed computation must not be served to the next callers.
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.value;
    },

    /** The same counts computed now, past the shared cache (the analytics minute sampler). */
    freshMetrics(): Promise<MetricsResponse> {
      return compute(clock.now());
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
