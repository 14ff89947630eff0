import type { ReactNode } from 'react';
import { MaintenancePage } from './maintenance-page';
import { useMaintenanceWatch } from './use-maintenance-watch';

/**
 * Wraps an area that non-admins use: while maintenance mode is on it shows the maintenance page
 * instead (no screen behind it firing calls that all fail), and the area comes back by itself
 * when maintenance ends. Its screens then mount afresh and load their data again.
 */
export function MaintenanceGate({
  children,
  onLogout,
}: {
  children: ReactNode;
  onLogout: () => void;
}) {
  const maintenance = useMaintenanceWatch();
  if (!maintenance.active) return children;
  return (
    <MaintenancePage
      message={maintenance.message}
      checking={maintenance.checking}
      onCheckNow={maintenance.checkNow}
      onLogout={onLogout}
    />
  );
}
