import type { DepositStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { depositsTexts } from '../texts';

const styles: Record<DepositStatus, string> = {
  pending: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  approved: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  return (
    <Badge variant="outline" className={cn(styles[status])}>
      {depositsTexts.status[status]}
    </Badge>
  );
}
