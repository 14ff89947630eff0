import { clientDashboardSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dashboardQueryKey = ['client', 'dashboard'] as const;

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/client/dashboard', { schema: clientDashboardSchema, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard });

/** Subscriptions, balance, XP and rank, server status and the daily-bonus clock. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
