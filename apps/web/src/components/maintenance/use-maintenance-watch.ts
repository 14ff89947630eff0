import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import {
  endMaintenance,
  getMaintenanceState,
  MAINTENANCE_POLL_MS,
  publicSettingsQueryOptions,
  reportMaintenance,
  subscribeToMaintenance,
} from '@/lib/maintenance';

/**
 * Whether the maintenance page should be on screen. It turns on when the public settings say so
 * or when any call answers 503 MAINTENANCE (reported by the query client), and while on it asks
 * the public settings again every MAINTENANCE_POLL_MS until maintenance is over.
 */
export function useMaintenanceWatch() {
  const state = useSyncExternalStore(
    subscribeToMaintenance,
    getMaintenanceState,
    getMaintenanceState,
  );
  const settings = useQuery({
    ...publicSettingsQueryOptions(),
    refetchInterval: state.active ? MAINTENANCE_POLL_MS : false,
  });
  const mode = settings.data?.maintenance_mode;
  const { dataUpdatedAt } = settings;

  // Each answer counts, even one equal to the last: 'off' after a 503 report ends the page.
  useEffect(() => {
    if (mode === 'on') reportMaintenance();
    else if (mode === 'off') endMaintenance();
  }, [mode, dataUpdatedAt]);

  return {
    ...state,
    checking: settings.isFetching,
    checkNow: () => void settings.refetch(),
  };
}
