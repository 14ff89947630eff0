import type { ProductOperationalStatus } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS } from '@chaveiro/contract';
import { CircleAlert, Wrench } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

type DownStatus = Exclude<ProductOperationalStatus, 'operational'>;

const STYLES: Record<DownStatus, string> = {
  updating: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  unavailable: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300',
};

const ICONS = { updating: Wrench, unavailable: CircleAlert } as const;

/** "Em atualização" / "Indisponível" on a product that does not work now; nothing otherwise. */
export function ProductStatusBadge({ status }: { status: ProductOperationalStatus }) {
  if (status === 'operational') return null;
  const Icon = ICONS[status];
  return (
    <Badge variant="outline" className={STYLES[status]}>
      <Icon aria-hidden />
      {PRODUCT_OPERATIONAL_LABELS[status]}
    </Badge>
  );
}
