import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { publicSettingsQueryOptions } from '@/lib/maintenance';
import { maintenanceTexts as t } from './texts';

/**
 * Tells an admin, who keeps working during maintenance, that everyone else sees the maintenance
 * page. A settings change refreshes every cached query, this one included.
 */
export function MaintenanceBanner() {
  const { data } = useQuery(publicSettingsQueryOptions());
  if (data?.maintenance_mode !== 'on') return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-300"
    >
      <Wrench className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">{t.bannerTitle}.</strong> {t.bannerDescription}
      </p>
      <Link
        to="/admin/settings"
        className="focus-visible:ring-ring/50 rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px]"
      >
        {t.bannerLink}
      </Link>
    </div>
  );
}
