import { clientDashboardSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/client/dashboard', { schema: clientDashboardSchema, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.client.dashboard, queryFn: getDashboard });

/** Subscriptions, balance, XP and rank, server status and the daily-bonus clock. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
