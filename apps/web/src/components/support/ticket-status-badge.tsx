import { TICKET_STATUS_LABELS, type TicketStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const tone: Record<TicketStatus, string> = {
  open: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  answered: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  closed: 'bg-muted text-muted-foreground',
};

/** Aberto (waiting for staff), Respondido (staff wrote last) or Fechado. */
export function TicketStatusBadge({
  status,
  className,
}: {
  status: TicketStatus;
  className?: string;
}) {
  return (
    <Badge variant="outline" className={cn(tone[status], className)}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}
