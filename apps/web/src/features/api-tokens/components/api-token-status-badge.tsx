import type { ApiTokenStatus } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { apiTokensTexts } from '../texts';

const STYLES: Record<ApiTokenStatus, string> = {
  active: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  expired: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  revoked: 'text-muted-foreground',
};

/** Ativo / Expirado / Revogado. */
export function ApiTokenStatusBadge({ status }: { status: ApiTokenStatus }) {
  return (
    <Badge variant="outline" className={cn(STYLES[status])}>
      {apiTokensTexts.status[status]}
    </Badge>
  );
}
