import type { DepositStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { DEPOSIT_STATUS_LABELS, DEPOSIT_STATUS_TONES } from './deposit-status';

/** A PIX deposit's status, as the customer and the admin both see it. */
export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  return (
    <Badge variant="outline" className={cn(DEPOSIT_STATUS_TONES[status])}>
      {DEPOSIT_STATUS_LABELS[status]}
    </Badge>
  );
}
