import type { DepositStatus, OrderStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { STATUS_LABELS } from '../texts';

const WAITING = 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400';
const DONE = 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400';
const REFUSED = 'border-destructive/40 bg-destructive/10 text-destructive';

const TONES: Record<OrderStatus | DepositStatus, string> = {
  awaiting_payment: WAITING,
  pending: WAITING,
  completed: DONE,
  approved: DONE,
  failed: REFUSED,
  cancelled: REFUSED,
  rejected: REFUSED,
  expired: 'border-border bg-muted text-muted-foreground',
  refunded: 'border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-400',
};

/** An order's or a deposit's status in "Pedidos" and on the receipt. */
export function OrderStatusBadge({ status }: { status: OrderStatus | DepositStatus }) {
  return (
    <Badge variant="outline" className={cn(TONES[status])}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
