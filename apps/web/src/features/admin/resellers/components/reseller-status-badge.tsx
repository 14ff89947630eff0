import type { Reseller } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { resellersTexts } from '../texts';

const text = resellersTexts.list;

export function ResellerStatusBadge({ status }: { status: Reseller['status'] }) {
  return status === 'banned' ? (
    <Badge variant="destructive">{text.banned}</Badge>
  ) : (
    <Badge
      variant="outline"
      className="border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400"
    >
      {text.active}
    </Badge>
  );
}
