import type { DepositStatus, OrderStatus } from '@chaveiro/contract';
import { DEPOSIT_STATUS_TONES } from '@/components/status/deposit-status';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { STATUS_LABELS } from '../texts';

/** A deposit's colours, an order's by the deposit status it matches; any cancellation is red. */
const TONES: Record<OrderStatus | DepositStatus, string> = {
  ...DEPOSIT_STATUS_TONES,
  awaiting_payment: DEPOSIT_STATUS_TONES.pending,
  completed: DEPOSIT_STATUS_TONES.approved,
  failed: DEPOSIT_STATUS_TONES.rejected,
  cancelled: DEPOSIT_STATUS_TONES.rejected,
};

/** An order's or a deposit's status in "Pedidos" and on the receipt. */
export function OrderStatusBadge({ status }: { status: OrderStatus | DepositStatus }) {
  return (
    <Badge variant="outline" className={cn(TONES[status])}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
