import type { WebhookDeliveryStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { webhooksTexts } from '../texts';

const STYLES: Record<WebhookDeliveryStatus, string> = {
  pending: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  succeeded: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  failed: 'border-destructive/40 bg-destructive/10 text-destructive dark:text-red-300',
};

/** Pendente / Entregue / Falhou. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge variant="outline" className={STYLES[status]}>
      {webhooksTexts.status[status]}
    </Badge>
  );
}
