import { PRODUCT_OPERATIONAL_LABELS, type ProductOperationalStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { PRODUCT_STATUS_BADGE_TONES } from './product-status-tone';

interface ProductStatusBadgeProps {
  status: ProductOperationalStatus;
  /** The public note, shown on hover and read after the label. */
  note?: string | null;
  /** Draw "Operacional" too (the history); lists show only what is wrong. */
  showOperational?: boolean;
  className?: string;
}

/** A product's operational status: nothing while it works, unless asked. */
export function ProductStatusBadge({
  status,
  note = null,
  showOperational = false,
  className,
}: ProductStatusBadgeProps) {
  if (status === 'operational' && !showOperational) return null;
  return (
    <Badge
      variant="outline"
      className={cn(PRODUCT_STATUS_BADGE_TONES[status], className)}
      title={note ?? undefined}
      data-testid="product-status-badge"
    >
      {PRODUCT_OPERATIONAL_LABELS[status]}
      {note ? <span className="sr-only">: {note}</span> : null}
    </Badge>
  );
}
