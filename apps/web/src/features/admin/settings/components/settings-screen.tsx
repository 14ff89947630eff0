import { LoadErrorAlert } from '@/components/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettings } from '../api/get-settings';
import { settingsTexts as t } from '../texts';
import { BulkActionsCard } from './bulk-actions-card';
import { MaintenanceModeCard } from './maintenance-mode-card';
import { ResellerDiscountCard } from './reseller-discount-card';
import { ServerStatusCard } from './server-status-card';
import { PageHeader } from '@/components/layout/page-header';

/** `/admin/settings` (spec §2 Admin settings): global switches and the bulk actions. */
export function SettingsScreen() {
  const settings = useSettings();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />

      {settings.isPending ? (
        <SettingsSkeleton />
      ) : settings.isError ? (
        <LoadErrorAlert error={settings.error} />
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2">
            <ServerStatusCard value={settings.data.server_status} />
            <MaintenanceModeCard value={settings.data.maintenance_mode} />
          </div>
          <ResellerDiscountCard />
          <BulkActionsCard pauseAllUsers={settings.data.pause_all_users} />
        </>
      )}
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Carregando configurações">
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}
