import type { KeyStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONES: Record<KeyStatus, string> = {
  active: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  used: 'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-400',
  banned: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-400',
  expired: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400',
};

/** A licence key's status; each area names the statuses its own way (Usada, Resgatada). */
export function KeyStatusBadge({
  status,
  labels,
}: {
  status: KeyStatus;
  labels: Record<KeyStatus, string>;
}) {
  return (
    <Badge variant="outline" className={cn(TONES[status])}>
      {labels[status]}
    </Badge>
  );
}
